-- Sessions gain the purpose 'mcp': one run of `plan mcp`, an assistant's session through the Model Context
-- Protocol (the client's name and version as its model, no trip), each tool call two entries (toolCalls,
-- toolOutput), so `plan history` and `history search` show what an assistant did.
-- An index on purpose first: its CREATE bumps the schema cookie in this transaction, so other connections
-- reload the schema edited below (as the ALTERs did in 0002 and 0009).
CREATE INDEX sessions_purpose ON sessions (purpose, started_at);

-- Widening a CHECK changes no stored row, so the table is not rebuilt: its definition is edited in place.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
SET sql = replace(sql, 'CHECK (purpose IN (''pack'', ''ask'', ''replay''))',
                       'CHECK (purpose IN (''pack'', ''ask'', ''replay'', ''mcp''))')
WHERE type = 'table' AND name = 'sessions';
PRAGMA writable_schema = RESET;

-- The edit must have happened: otherwise this insert fails and the migration rolls back whole.
CREATE TEMP TABLE migration_0019_check (ok INTEGER NOT NULL CHECK (ok = 1));
INSERT INTO temp.migration_0019_check
SELECT instr(sql, '''mcp''') > 0 FROM sqlite_schema WHERE type = 'table' AND name = 'sessions';
DROP TABLE temp.migration_0019_check;

-- What plan learnt about each model server it talked to (its engine, window and where that came from,
-- the request fields it refused), per base URL without credentials, with a lifetime: a server can be
-- restarted with another model, so a profile is learnt again once it expires.
CREATE TABLE engine_profiles (
    base_url   TEXT PRIMARY KEY CHECK (length(base_url) > 0),
    profile    TEXT NOT NULL CHECK (json_valid(profile) AND json_type(profile) = 'object'),
    learnt_at  REAL NOT NULL,
    expires_at REAL NOT NULL
) STRICT;

-- Reasoning models spend hidden tokens; a session counts them beside its completion tokens.
ALTER TABLE sessions ADD COLUMN reasoning_tokens INTEGER NOT NULL DEFAULT 0 CHECK (reasoning_tokens >= 0);

-- Transcript entries gain the kind 'reasoning' (a reasoning model's thinking, kept apart from its answers)
-- and sessions the status 'interrupted' (cut short: Ctrl-C, the model's deadline, a rate limit past its
-- wait; the next pack resumes it). Widening a CHECK changes no stored row, so neither table is rebuilt:
-- their definitions are edited in place as in 0002, and transcript_entries keeps its full-text triggers
-- exactly as they are. The ALTER above has bumped the schema cookie in this transaction.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
SET sql = replace(sql, '''summary'', ''check''))', '''summary'', ''check'', ''reasoning''))')
WHERE type = 'table' AND name = 'transcript_entries';
UPDATE sqlite_schema
SET sql = replace(sql, '''recovered'', ''failed''))', '''recovered'', ''failed'', ''interrupted''))')
WHERE type = 'table' AND name = 'sessions';
PRAGMA writable_schema = RESET;

-- Both edits must have happened: otherwise this insert fails and the migration rolls back whole.
CREATE TEMP TABLE migration_0009_check (ok INTEGER NOT NULL CHECK (ok = 1));
INSERT INTO temp.migration_0009_check
SELECT instr(sql, '''reasoning''') > 0 FROM sqlite_schema WHERE type = 'table' AND name = 'transcript_entries';
INSERT INTO temp.migration_0009_check
SELECT instr(sql, '''interrupted''') > 0 FROM sqlite_schema WHERE type = 'table' AND name = 'sessions';
DROP TABLE temp.migration_0009_check;

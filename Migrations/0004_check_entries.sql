-- Transcript entries gain the kind 'check': plan's verdict on a model's answer (what was kept, merged,
-- added and dropped). SQLite cannot alter a CHECK constraint, so the table is rebuilt with the same
-- rows and ids (the full-text index is keyed by id and stays valid); its index and triggers are recreated.
CREATE TABLE transcript_entries_new (
    id          INTEGER PRIMARY KEY,
    session_id  INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 0),
    kind        TEXT    NOT NULL
                CHECK (kind IN ('instructions', 'prompt', 'toolCalls', 'toolOutput', 'response', 'summary', 'check')),
    tool        TEXT,
    text        TEXT    NOT NULL,
    payload     TEXT    CHECK (payload IS NULL OR json_valid(payload)),
    tokens      INTEGER NOT NULL DEFAULT 0 CHECK (tokens >= 0),
    in_context  INTEGER NOT NULL DEFAULT 1 CHECK (in_context IN (0, 1)),
    created_at  REAL    NOT NULL,
    UNIQUE (session_id, seq)
) STRICT;

INSERT INTO transcript_entries_new (id, session_id, seq, kind, tool, text, payload, tokens, in_context, created_at)
SELECT id, session_id, seq, kind, tool, text, payload, tokens, in_context, created_at FROM transcript_entries;

-- Dropping the old table drops its triggers too; its implicit delete fires none, so the index keeps its rows.
DROP TABLE transcript_entries;
ALTER TABLE transcript_entries_new RENAME TO transcript_entries;

CREATE INDEX transcript_entries_tool ON transcript_entries (tool) WHERE tool IS NOT NULL;

CREATE TRIGGER transcript_entries_ai AFTER INSERT ON transcript_entries BEGIN
    INSERT INTO transcript_fts (rowid, text) VALUES (new.id, new.text);
END;

CREATE TRIGGER transcript_entries_ad AFTER DELETE ON transcript_entries BEGIN
    INSERT INTO transcript_fts (transcript_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;

CREATE TRIGGER transcript_entries_au AFTER UPDATE OF text ON transcript_entries BEGIN
    INSERT INTO transcript_fts (transcript_fts, rowid, text) VALUES ('delete', old.id, old.text);
    INSERT INTO transcript_fts (rowid, text) VALUES (new.id, new.text);
END;

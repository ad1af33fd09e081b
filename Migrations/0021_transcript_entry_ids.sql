-- Transcript entries keep the id the framework gave them (`Transcript.Entry.id`, a UUID as Foundation
-- Models 27's): a stored entry reads back as the entry that was recorded, and the recorder finds an entry's
-- row by its id. Rows written before have none (NULL): they read back with an id made from their row.
ALTER TABLE transcript_entries ADD COLUMN entry_id TEXT
    CHECK (entry_id IS NULL OR length(entry_id) BETWEEN 1 AND 128);
CREATE INDEX transcript_entries_entry_id ON transcript_entries (session_id, entry_id) WHERE entry_id IS NOT NULL;

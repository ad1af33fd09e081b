-- Places looked up online: Nominatim (OpenStreetMap) joins the sources, every place says what kind
-- of place it is, and each lookup (what was typed → the place, and what else it could have been) is
-- kept so a repeat lookup is answered from here without a request. The last request to a
-- rate-limited service is kept too, so separate plan processes space their requests.

ALTER TABLE places ADD COLUMN kind TEXT NOT NULL DEFAULT 'city'
    CHECK (kind IN ('city', 'region', 'airport', 'park', 'lake', 'island', 'beach', 'coast',
                    'mountain', 'ski area', 'area', 'landmark', 'other'));

-- places.source may now be 'nominatim'. Widening a CHECK changes no stored row, so the table is not
-- rebuilt: its definition is edited in place, the procedure SQLite documents for loosening a
-- constraint ("Making Other Kinds Of Table Schema Changes"). The ALTER above has already bumped the
-- schema cookie in this transaction, so other connections reload the schema; RESET reloads this one's.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
SET sql = replace(sql, 'CHECK (source IN (''gazetteer'', ''open-meteo'', ''typed''))',
                       'CHECK (source IN (''gazetteer'', ''open-meteo'', ''nominatim'', ''typed''))')
WHERE type = 'table' AND name = 'places';
PRAGMA writable_schema = RESET;

-- The edit must have happened: otherwise this insert fails and the migration rolls back whole.
CREATE TEMP TABLE migration_0002_check (ok INTEGER NOT NULL CHECK (ok = 1));
INSERT INTO temp.migration_0002_check
SELECT instr(sql, '''nominatim''') > 0 FROM sqlite_schema WHERE type = 'table' AND name = 'places';
DROP TABLE temp.migration_0002_check;

-- What was typed (its lookup key) → the place it resolved to online. Alternatives are the other
-- candidates' places, as a JSON array of place objects. Rows expire with the places cache lifetime.
CREATE TABLE place_lookups (
    key          TEXT    PRIMARY KEY CHECK (length(key) > 0),
    place_id     INTEGER NOT NULL REFERENCES places (id) ON DELETE CASCADE,
    alternatives TEXT    NOT NULL DEFAULT '[]'
                 CHECK (json_valid(alternatives) AND json_type(alternatives) = 'array'),
    looked_up_at REAL    NOT NULL,
    expires_at   REAL    NOT NULL
) STRICT;

CREATE INDEX place_lookups_place ON place_lookups (place_id);

-- When a rate-limited service (Nominatim: one request a second) may next be asked, across processes.
CREATE TABLE service_slots (
    service         TEXT PRIMARY KEY,
    last_request_at REAL NOT NULL,
    not_before      REAL NOT NULL DEFAULT 0
) STRICT;

-- Places looked up online: Nominatim (OpenStreetMap) joins the sources, every place says what kind
-- of place it is, and each lookup (what was typed → the place, and what else it could have been) is
-- kept so a repeat lookup is answered from here without a request. The last request to a
-- rate-limited service is kept too, so separate plan processes space their requests.

-- SQLite cannot change a CHECK constraint in place, so the places table is rebuilt, keeping its ids.
-- Foreign keys cannot be switched off inside the migration's transaction; they are deferred instead:
-- dropping the old table counts the trips left without their place, and putting the same rows back
-- counts them off again, so the check at COMMIT passes exactly when every trip has its place.
PRAGMA defer_foreign_keys = ON;

CREATE TEMP TABLE places_0001 AS SELECT * FROM places;

DROP TABLE places;

CREATE TABLE places (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL CHECK (length(name) > 0),
    region      TEXT    NOT NULL DEFAULT '',
    country     TEXT    NOT NULL DEFAULT '',
    latitude    REAL    NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude   REAL    NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    time_zone   TEXT    NOT NULL,
    source      TEXT    NOT NULL CHECK (source IN ('gazetteer', 'open-meteo', 'nominatim', 'typed')),
    source_id   TEXT,
    population  INTEGER,
    created_at  REAL    NOT NULL,
    kind        TEXT    NOT NULL DEFAULT 'city'
                CHECK (kind IN ('city', 'region', 'airport', 'park', 'lake', 'island', 'beach', 'coast',
                                'mountain', 'ski area', 'area', 'landmark', 'other')),
    UNIQUE (source, name, region, country, latitude, longitude)
) STRICT;

INSERT INTO places (id, name, region, country, latitude, longitude, time_zone, source, source_id, population,
                    created_at)
SELECT id, name, region, country, latitude, longitude, time_zone, source, source_id, population, created_at
FROM temp.places_0001;

DROP TABLE temp.places_0001;

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

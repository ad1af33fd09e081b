-- The whole schema of plan's database. Times are Unix seconds (REAL); dates are 'YYYY-MM-DD' text.

-- Places a destination resolved to. Trips point at them, so a trip's place is pinned
-- even if the gazetteer changes later.
CREATE TABLE places (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL CHECK (length(name) > 0),
    region      TEXT    NOT NULL DEFAULT '',
    country     TEXT    NOT NULL DEFAULT '',
    latitude    REAL    NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude   REAL    NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    time_zone   TEXT    NOT NULL,
    source      TEXT    NOT NULL CHECK (source IN ('gazetteer', 'open-meteo', 'typed')),
    source_id   TEXT,
    population  INTEGER,
    created_at  REAL    NOT NULL,
    UNIQUE (source, name, region, country, latitude, longitude)
) STRICT;

-- AUTOINCREMENT: a deleted trip's id is never given to another (scripts hold on to ids).
CREATE TABLE trips (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    name        TEXT    NOT NULL CHECK (length(name) > 0),
    destination TEXT    NOT NULL CHECK (length(destination) > 0),
    place_id    INTEGER REFERENCES places (id),
    start_date  TEXT    NOT NULL CHECK (date(start_date) IS start_date),
    end_date    TEXT    NOT NULL CHECK (date(end_date) IS end_date AND end_date >= start_date),
    activities  TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(activities) AND json_type(activities) = 'array'),
    created_at  REAL    NOT NULL
) STRICT;

CREATE INDEX trips_place ON trips (place_id);

-- The HTTP cache every GET goes through. Only successful responses are stored.
CREATE TABLE http_cache (
    url           TEXT    PRIMARY KEY,
    status        INTEGER NOT NULL CHECK (status BETWEEN 200 AND 299),
    content_type  TEXT,
    body          BLOB    NOT NULL,
    etag          TEXT,
    last_modified TEXT,
    fetched_at    REAL    NOT NULL,
    expires_at    REAL    NOT NULL,
    validated_at  REAL    NOT NULL,
    hits          INTEGER NOT NULL DEFAULT 0 CHECK (hits >= 0)
) STRICT;

CREATE INDEX http_cache_expiry ON http_cache (expires_at);

-- Forecasts a trip used, pinned so show and replay never depend on the cache.
CREATE TABLE forecast_snapshots (
    id          INTEGER PRIMARY KEY,
    trip_id     INTEGER NOT NULL REFERENCES trips (id) ON DELETE CASCADE,
    source      TEXT    NOT NULL CHECK (source IN ('nws', 'open-meteo')),
    url         TEXT    NOT NULL,
    fetched_at  REAL    NOT NULL,
    forecast    TEXT    NOT NULL CHECK (json_valid(forecast)),
    created_at  REAL    NOT NULL
) STRICT;

CREATE INDEX forecast_snapshots_trip ON forecast_snapshots (trip_id, created_at);

-- One language-model session: a run of pack, ask, replay, or a recovery of one of them.
CREATE TABLE sessions (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    trip_id           INTEGER REFERENCES trips (id) ON DELETE CASCADE,
    parent_id         INTEGER REFERENCES sessions (id) ON DELETE SET NULL,
    relation          TEXT    CHECK (relation IN ('condensed', 'summarized', 'fresh', 'resumed', 'replay')),
    purpose           TEXT    NOT NULL DEFAULT 'pack' CHECK (purpose IN ('pack', 'ask', 'replay')),
    model             TEXT    NOT NULL,
    context_size      INTEGER NOT NULL CHECK (context_size > 0),
    status            TEXT    NOT NULL DEFAULT 'running'
                              CHECK (status IN ('running', 'completed', 'recovered', 'failed')),
    error             TEXT,
    prompt_tokens     INTEGER NOT NULL DEFAULT 0 CHECK (prompt_tokens >= 0),
    completion_tokens INTEGER NOT NULL DEFAULT 0 CHECK (completion_tokens >= 0),
    started_at        REAL    NOT NULL,
    ended_at          REAL
) STRICT;

CREATE INDEX sessions_trip ON sessions (trip_id, started_at);
CREATE INDEX sessions_started ON sessions (started_at);

-- Transcript entries, append-only. in_context is 0 once condensing has dropped an entry
-- from what the model sees; the row itself is never deleted.
CREATE TABLE transcript_entries (
    id          INTEGER PRIMARY KEY,
    session_id  INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 0),
    kind        TEXT    NOT NULL
                CHECK (kind IN ('instructions', 'prompt', 'toolCalls', 'toolOutput', 'response', 'summary')),
    tool        TEXT,
    text        TEXT    NOT NULL,
    payload     TEXT    CHECK (payload IS NULL OR json_valid(payload)),
    tokens      INTEGER NOT NULL DEFAULT 0 CHECK (tokens >= 0),
    in_context  INTEGER NOT NULL DEFAULT 1 CHECK (in_context IN (0, 1)),
    created_at  REAL    NOT NULL,
    UNIQUE (session_id, seq)
) STRICT;

CREATE INDEX transcript_entries_tool ON transcript_entries (tool) WHERE tool IS NOT NULL;

-- Full-text index over transcript text, external content, kept in step by triggers.
CREATE VIRTUAL TABLE transcript_fts USING fts5 (
    text,
    content = 'transcript_entries',
    content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
);

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

-- Packing lists a session produced; the newest per trip is the trip's list.
CREATE TABLE packing_lists (
    id          INTEGER PRIMARY KEY,
    trip_id     INTEGER NOT NULL REFERENCES trips (id) ON DELETE CASCADE,
    session_id  INTEGER REFERENCES sessions (id) ON DELETE SET NULL,
    model       TEXT    NOT NULL,
    list        TEXT    NOT NULL CHECK (json_valid(list) AND json_type(list, '$.items') = 'array'),
    created_at  REAL    NOT NULL
) STRICT;

CREATE INDEX packing_lists_trip ON packing_lists (trip_id, created_at);

-- Running counts of how the HTTP cache answered (for `plan history --usage`).
CREATE TABLE counters (
    name   TEXT    PRIMARY KEY CHECK (name IN ('cache.hit', 'cache.miss', 'cache.revalidated', 'cache.stale', 'network.request')),
    value  INTEGER NOT NULL DEFAULT 0 CHECK (value >= 0)
) STRICT;

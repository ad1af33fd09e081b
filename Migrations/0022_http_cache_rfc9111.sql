-- The HTTP cache as RFC 9111 has it (issue 44): any final status a private cache may store (a 404, a 301,
-- a 410, a 5xx with explicit freshness), not only 2xx; and the stored response's header fields, which a 304
-- updates and from which each read judges `no-cache`, `must-revalidate`, `immutable`, `stale-while-revalidate`
-- and `stale-if-error` (one "name: value" line each; NULL for entries stored before, read as none).
-- SQLite cannot change a CHECK constraint in place, so the table is rebuilt with its rows.
CREATE TABLE http_cache_rfc9111 (
    url              TEXT    PRIMARY KEY,
    status           INTEGER NOT NULL CHECK (status BETWEEN 200 AND 599),
    content_type     TEXT,
    body             BLOB    NOT NULL,
    etag             TEXT,
    last_modified    TEXT,
    fetched_at       REAL    NOT NULL,
    expires_at       REAL    NOT NULL,
    validated_at     REAL    NOT NULL,
    hits             INTEGER NOT NULL DEFAULT 0 CHECK (hits >= 0),
    decoded          TEXT,
    maximum_lifetime REAL    CHECK (maximum_lifetime IS NULL OR maximum_lifetime > 0),
    headers          TEXT
) STRICT;
INSERT INTO http_cache_rfc9111 (url, status, content_type, body, etag, last_modified, fetched_at, expires_at,
                                validated_at, hits, decoded, maximum_lifetime)
    SELECT url, status, content_type, body, etag, last_modified, fetched_at, expires_at, validated_at, hits, decoded,
           maximum_lifetime
    FROM http_cache;
DROP TABLE http_cache;
ALTER TABLE http_cache_rfc9111 RENAME TO http_cache;
CREATE INDEX http_cache_expiry ON http_cache (expires_at);

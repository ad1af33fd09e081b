-- The secret of each trip's phone page (`plan serve`): 128 bits or more of randomness, base64url, in the page's
-- address. Kept so a bookmarked link survives a restart of `plan serve`; `--new-link` replaces it (the old link
-- stops working). Gone with its trip.
CREATE TABLE trip_links (
    trip_id     INTEGER PRIMARY KEY REFERENCES trips (id) ON DELETE CASCADE,
    secret      TEXT    NOT NULL UNIQUE CHECK (length(secret) BETWEEN 22 AND 86 AND secret NOT GLOB '*[^A-Za-z0-9_-]*'),
    created_at  REAL    NOT NULL
) STRICT;

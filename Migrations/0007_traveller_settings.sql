-- The traveller, as `plan config set` stores it: a small table keyed by setting name ('home', an ISO 3166
-- alpha-2 code; 'units', 'metric' or 'us'; 'laundry', days between washes). Values are checked per name.
CREATE TABLE traveller_settings (
    name        TEXT    PRIMARY KEY CHECK (name IN ('home', 'units', 'laundry')),
    value       TEXT    NOT NULL CHECK (
                    (name = 'home' AND length(value) = 2 AND value = upper(value) AND value GLOB '[A-Z][A-Z]')
                    OR (name = 'units' AND value IN ('metric', 'us'))
                    OR (name = 'laundry' AND value GLOB '[0-9]*' AND CAST(value AS INTEGER) BETWEEN 1 AND 60)
                ),
    updated_at  REAL    NOT NULL
) STRICT;

-- A trip's own laundry interval (`plan add --laundry <days>`), over the traveller's.
CREATE TABLE trip_settings (
    trip_id     INTEGER NOT NULL REFERENCES trips (id) ON DELETE CASCADE,
    name        TEXT    NOT NULL CHECK (name IN ('laundry')),
    value       TEXT    NOT NULL CHECK (value GLOB '[0-9]*' AND CAST(value AS INTEGER) BETWEEN 1 AND 60),
    PRIMARY KEY (trip_id, name)
) STRICT;

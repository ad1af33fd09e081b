-- Activities belong to a stop: a conference in Chicago then a ski weekend in Aspen packs business wear for
-- Chicago's days and ski kit for Aspen's. Every existing stop takes its trip's activities; `trips.activities`
-- stays the union of its stops' (kept in step by every write), so a reader of `trips` alone still sees them.
ALTER TABLE trip_legs ADD COLUMN activities TEXT NOT NULL DEFAULT '[]'
    CHECK (json_valid(activities) AND json_type(activities) = 'array' AND length(activities) <= 2000);
UPDATE trip_legs SET activities = (SELECT t.activities FROM trips t WHERE t.id = trip_legs.trip_id);

-- Who is travelling: how many adults (1 to 20) and each child's age (0 to 17; under 2 is a baby), as a
-- JSON array of at most 20 ages. Existing trips are one adult, as plan assumed before.
ALTER TABLE trips ADD COLUMN adults INTEGER NOT NULL DEFAULT 1 CHECK (adults BETWEEN 1 AND 20);
ALTER TABLE trips ADD COLUMN children TEXT NOT NULL DEFAULT '[]'
    CHECK (json_valid(children) AND json_type(children) = 'array' AND json_array_length(children) <= 20);

-- The party's defaults for new trips (`plan config set adults 2`, `plan config set children 8,5,1`): the
-- settings table is made again with the two new names among those it accepts.
CREATE TABLE traveller_settings_0020 (
    name        TEXT    PRIMARY KEY CHECK (name IN ('home', 'units', 'laundry', 'adults', 'children')),
    value       TEXT    NOT NULL CHECK (
                    (name = 'home' AND length(value) = 2 AND value = upper(value) AND value GLOB '[A-Z][A-Z]')
                    OR (name = 'units' AND value IN ('metric', 'us'))
                    OR (name = 'laundry' AND value GLOB '[0-9]*' AND CAST(value AS INTEGER) BETWEEN 1 AND 60)
                    OR (name = 'adults' AND value GLOB '[0-9]*' AND CAST(value AS INTEGER) BETWEEN 1 AND 20)
                    OR (name = 'children' AND json_valid(value) AND json_type(value) = 'array'
                        AND json_array_length(value) <= 20)
                ),
    updated_at  REAL    NOT NULL
) STRICT;
INSERT INTO traveller_settings_0020 (name, value, updated_at) SELECT name, value, updated_at FROM traveller_settings;
DROP TABLE traveller_settings;
ALTER TABLE traveller_settings_0020 RENAME TO traveller_settings;

-- A trip's revision counts the changes that make a list out of date (its dates, places or activities).
-- A list and a session record the revision of the trip they were made for: a list is out of date while its
-- revision is older than its trip's (not while it is older by the clock: a clock a year ahead at one edit
-- must not leave every later list out of date), and an interrupted session is resumed only for the trip it
-- began with. A trip already changed is at revision 1; a list made before that change is at 0, one made
-- after it at 1. Sessions from before this have no revision (NULL): they are not resumed after a change.
ALTER TABLE trips ADD COLUMN revision INTEGER NOT NULL DEFAULT 0 CHECK (revision >= 0);
UPDATE trips SET revision = 1 WHERE changed_at IS NOT NULL;

ALTER TABLE packing_lists ADD COLUMN trip_revision INTEGER NOT NULL DEFAULT 0 CHECK (trip_revision >= 0);
UPDATE packing_lists SET trip_revision = 1
WHERE created_at >= (SELECT t.changed_at FROM trips t WHERE t.id = packing_lists.trip_id);

ALTER TABLE sessions ADD COLUMN trip_revision INTEGER CHECK (trip_revision IS NULL OR trip_revision >= 0);
UPDATE sessions SET trip_revision = 0 WHERE trip_id IN (SELECT id FROM trips WHERE changed_at IS NULL);

-- The trip a session was made for, as it was then (its stops with their places and dates, its activities),
-- as JSON: `plan replay` replays a session's own stops after the trip's stops have changed. NULL for
-- sessions from before this (a replay then uses the trip as it is).
ALTER TABLE sessions ADD COLUMN trip_snapshot TEXT CHECK (trip_snapshot IS NULL OR (json_valid(trip_snapshot) AND length(trip_snapshot) <= 200000));

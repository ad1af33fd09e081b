-- A trip is an ordered list of stops (legs), each with its place and its dates. The legs join end to start:
-- a leg begins on the day the one before it ends (the night of the move belongs to the leg arrived at).
-- `trips` keeps the whole trip's first and last day and its first stop's destination and place, so a reader
-- of `trips` alone still sees a sound one-place view. Every existing trip becomes a one-leg trip.
CREATE TABLE trip_legs (
    trip_id     INTEGER NOT NULL REFERENCES trips (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL CHECK (position BETWEEN 1 AND 20),
    destination TEXT    NOT NULL CHECK (length(destination) > 0),
    place_id    INTEGER REFERENCES places (id),
    start_date  TEXT    NOT NULL CHECK (date(start_date) IS start_date),
    end_date    TEXT    NOT NULL CHECK (date(end_date) IS end_date AND end_date >= start_date),
    PRIMARY KEY (trip_id, position)
) STRICT;

CREATE INDEX trip_legs_place ON trip_legs (place_id);

INSERT INTO trip_legs (trip_id, position, destination, place_id, start_date, end_date)
SELECT id, 1, destination, place_id, start_date, end_date FROM trips;

-- A pinned forecast says which place it is for, so each stop's forecast is pinned apart (replays read
-- every stop's). Existing snapshots are for their trip's one place.
ALTER TABLE forecast_snapshots ADD COLUMN place_id INTEGER REFERENCES places (id);
UPDATE forecast_snapshots SET place_id = (SELECT t.place_id FROM trips t WHERE t.id = forecast_snapshots.trip_id);

-- `plan edit`: when the trip last changed in a way that makes a list made before then out of date (its
-- dates, places or activities), and what changed. A list is out of date while it is older than changed_at.
ALTER TABLE trips ADD COLUMN changed_at REAL;
ALTER TABLE trips ADD COLUMN change_note TEXT CHECK (change_note IS NULL OR length(change_note) <= 500);

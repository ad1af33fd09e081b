-- The traveller's own work on a list: ticks, own items, items taken off, and choices remembered for later
-- trips. Plain rows with times, only ever appended: the list a traveller sees is the engine's latest list
-- (packing_lists, untouched) with the trip's changes applied in order, so replay still has the engine's list.

-- What the traveller did to one trip's list. item_key is the name folded to lower case with its spaces
-- collapsed: ticks and removals follow an item from one list to the next by it.
CREATE TABLE list_changes (
    id          INTEGER PRIMARY KEY,
    trip_id     INTEGER NOT NULL REFERENCES trips (id) ON DELETE CASCADE,
    list_id     INTEGER REFERENCES packing_lists (id) ON DELETE SET NULL,
    action      TEXT    NOT NULL CHECK (action IN ('check', 'uncheck', 'add', 'remove')),
    name        TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    item_key    TEXT    NOT NULL CHECK (length(item_key) BETWEEN 1 AND 200),
    quantity    INTEGER CHECK (quantity IS NULL OR quantity BETWEEN 1 AND 999),
    category    TEXT    CHECK (category IS NULL OR length(category) BETWEEN 1 AND 60),
    created_at  REAL    NOT NULL
) STRICT;

CREATE INDEX list_changes_trip ON list_changes (trip_id, id);

-- What the traveller always brings or never wants suggested, by item name, whatever the engine. The
-- newest row per item_key is in force; 'forget' ends it (`plan prefs rm`).
CREATE TABLE preference_changes (
    id          INTEGER PRIMARY KEY,
    item_key    TEXT    NOT NULL CHECK (length(item_key) BETWEEN 1 AND 200),
    name        TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    choice      TEXT    NOT NULL CHECK (choice IN ('always', 'never', 'forget')),
    quantity    INTEGER CHECK (quantity IS NULL OR quantity BETWEEN 1 AND 999),
    category    TEXT    CHECK (category IS NULL OR length(category) BETWEEN 1 AND 60),
    trip_id     INTEGER REFERENCES trips (id) ON DELETE SET NULL,
    created_at  REAL    NOT NULL
) STRICT;

CREATE INDEX preference_changes_key ON preference_changes (item_key, id);

-- A list made before its trip changed is out of date until the next pack; this says why (NULL: current).
ALTER TABLE packing_lists ADD COLUMN out_of_date TEXT CHECK (out_of_date IS NULL OR length(out_of_date) BETWEEN 1 AND 200);

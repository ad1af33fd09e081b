-- Notices the traveller can act on once (the NWS contact): the time each was first shown, so it is shown
-- once per database, not on every command. Plain rows; a name plan does not know is refused.
CREATE TABLE notices_shown (
    name        TEXT    PRIMARY KEY CHECK (name IN ('nws-contact')),
    shown_at    REAL    NOT NULL
) STRICT;

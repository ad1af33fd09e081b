-- Who runs a session: the process id and a token that tells a reused pid apart (the boot id and the
-- process's start time, from /proc). A `running` session whose owner is gone (killed, crashed) is read as
-- interrupted and resumed by the next pack or ask; one whose owner is alive is another command at work.
-- Sessions recorded before this have no owner (NULL): their owner is unknown.
ALTER TABLE sessions ADD COLUMN owner_pid INTEGER CHECK (owner_pid IS NULL OR owner_pid > 0);
ALTER TABLE sessions ADD COLUMN owner_token TEXT CHECK (owner_token IS NULL OR length(owner_token) BETWEEN 1 AND 200);

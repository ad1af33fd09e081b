-- An engine profile (its window above all) is a model's, not only its server's: one Ollama serves a
-- 32,768-token model and a 2,048-token one, and the second must not run with the first's window. Profiles
-- are kept per base URL and model name (PLAN_MODEL_NAME; '' when none is named, the server's own choice).
-- SQLite cannot change a primary key in place, so the table is rebuilt; the rows learnt before keep their
-- base URL with the model '' (what they were: the profile of the server's default model).
CREATE TABLE engine_profiles_0015 (
    base_url   TEXT NOT NULL CHECK (length(base_url) > 0),
    model      TEXT NOT NULL DEFAULT '',
    profile    TEXT NOT NULL CHECK (json_valid(profile) AND json_type(profile) = 'object'),
    learnt_at  REAL NOT NULL,
    expires_at REAL NOT NULL,
    PRIMARY KEY (base_url, model)
) STRICT;

INSERT INTO engine_profiles_0015 (base_url, model, profile, learnt_at, expires_at)
SELECT base_url, '', profile, learnt_at, expires_at FROM engine_profiles;

DROP TABLE engine_profiles;
ALTER TABLE engine_profiles_0015 RENAME TO engine_profiles;

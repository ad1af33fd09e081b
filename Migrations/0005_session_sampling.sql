-- Sessions record how the model sampled (`--temperature`, `--seed`): the sampling mode ('greedy',
-- 'top-k 40', 'top-p 0.9'), the temperature and the seed; NULL for sessions from before this was recorded.
ALTER TABLE sessions ADD COLUMN sampling TEXT CHECK (sampling IS NULL OR length(sampling) <= 40);
ALTER TABLE sessions ADD COLUMN temperature REAL CHECK (temperature IS NULL OR (temperature >= 0 AND temperature <= 10));
ALTER TABLE sessions ADD COLUMN seed INTEGER CHECK (seed IS NULL OR seed >= 0);

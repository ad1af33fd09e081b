-- The longest an entry of its kind may be used (the kind's maximum lifetime when it was stored), so
-- `cache stats` and `cache prune` judge every entry by the rule each read applies (CacheFreshness) with
-- its own kind's lifetime: a year's climate archive is no longer pruned at 90 days, and a forecast a
-- server said was good for a year counts as expired after a day. NULL for entries stored before: they are
-- judged by the longest lifetime plan gives any kind.
ALTER TABLE http_cache ADD COLUMN maximum_lifetime REAL CHECK (maximum_lifetime IS NULL OR maximum_lifetime > 0);

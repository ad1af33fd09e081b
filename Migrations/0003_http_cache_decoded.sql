-- What plan decoded from a cached body, kept beside it: a cache hit then reads this compact record
-- (a few hundred bytes) instead of decoding the body again (an NWS forecast is 17 KB of JSON).
-- NULL until the body is first decoded; cleared whenever the body is replaced. The text is a record
-- of Tools' `CompactRecord` format (tab-separated lines with a version), not JSON: reading it back
-- costs about 2 µs, where JSONDecoder takes about 40 µs for the same forecast.
ALTER TABLE http_cache ADD COLUMN decoded TEXT;

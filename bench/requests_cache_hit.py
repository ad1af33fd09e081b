#!/usr/bin/env python3
"""The requests-cache side of bench/cache-hit.sh (and a plan-SQL floor, clearly not plan's code).

  requests_cache_hit.py prime CACHE POINTS_URL     fetch /points and its forecast URL once (misses)
  requests_cache_hit.py hit1 CACHE FORECAST_URL    one cache hit, as a whole process
  requests_cache_hit.py show CACHE POINTS_URL      what `plan show` does with the cache: the /points
                                                   hit, its JSON, then the forecast hit and its JSON
  requests_cache_hit.py inprocess CACHE FORECAST_URL N
                                                   N session.get hits in one process; per-hit figures
  requests_cache_hit.py plan-sql PLAN_DB FORECAST_URL N
                                                   the SQL plan's HTTPClient runs for one hit (the
                                                   SELECT, then the counter/hits write transaction),
                                                   N times through Python's sqlite3 module on a copy
                                                   of plan's database: a floor for plan's per-hit
                                                   cost, not a measurement of plan's Swift code
Every request carries the headers plan sends (User-Agent, Accept: application/geo+json).
"""
import json
import statistics
import sys
import time


HEADERS = {"User-Agent": "plan-bench/1.0 (bench@example.com)", "Accept": "application/geo+json"}


def session(cache):
    import requests_cache
    # SQLite backend, 1 hour lifetime: the same minimum lifetime plan gives a forecast.
    return requests_cache.CachedSession(cache, backend="sqlite", expire_after=3600)


def get(s, url, expect_cached):
    response = s.get(url, headers=HEADERS, timeout=15)
    response.raise_for_status()
    if expect_cached is not None and response.from_cache != expect_cached:
        sys.exit(f"{url}: from_cache={response.from_cache}, expected {expect_cached}")
    return response


def figures(samples_ns):
    samples = [n / 1000 for n in samples_ns]  # microseconds
    return statistics.median(samples), statistics.quantiles(samples, n=10, method="inclusive")[8]


def main(argv):
    mode = argv[1]
    if mode == "prime":
        s = session(argv[2])
        s.cache.clear()
        point = get(s, argv[3], False).json()
        get(s, point["properties"]["forecast"], False)
        print(point["properties"]["forecast"])
    elif mode == "hit1":
        s = session(argv[2])
        get(s, argv[3], True)
    elif mode == "show":
        s = session(argv[2])
        point = get(s, argv[3], True).json()
        get(s, point["properties"]["forecast"], True).json()
    elif mode == "inprocess":
        s = session(argv[2])
        url, n = argv[3], int(argv[4])
        for _ in range(50):  # warm-up
            get(s, url, True)
        samples = []
        clock = time.perf_counter_ns
        for _ in range(n):
            start = clock()
            response = s.get(url, headers=HEADERS, timeout=15)
            samples.append(clock() - start)
            if not response.from_cache:
                sys.exit("a request was not served from the cache")
        median, p90 = figures(samples)
        print(json.dumps({"median_us": median, "p90_us": p90, "n": n, "bytes": len(response.content)}))
    elif mode == "plan-sql":
        import sqlite3
        db = sqlite3.connect(argv[2], isolation_level=None)
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA synchronous = NORMAL")
        db.execute("PRAGMA busy_timeout = 10000")
        url, n = argv[3], int(argv[4])
        select = ("SELECT url, status, content_type, body, etag, last_modified, fetched_at, expires_at, "
                  "validated_at FROM http_cache WHERE url = ?")
        counter = ("INSERT INTO counters (name, value) VALUES (?, ?) "
                   "ON CONFLICT (name) DO UPDATE SET value = value + excluded.value")
        hits = "UPDATE http_cache SET hits = hits + 1 WHERE url = ?"

        def one_hit():
            row = db.execute(select, (url,)).fetchone()
            if row is None:
                sys.exit(f"{url} is not in plan's cache")
            db.execute("BEGIN IMMEDIATE")
            db.execute(counter, ("cache.hit", 1))
            db.execute(hits, (url,))
            db.execute("COMMIT")
            return row

        for _ in range(50):
            one_hit()
        samples = []
        clock = time.perf_counter_ns
        for _ in range(n):
            start = clock()
            row = one_hit()
            samples.append(clock() - start)
        median, p90 = figures(samples)
        # The read alone (no counter write), for how much the write transaction costs.
        read_samples = []
        for _ in range(n):
            start = clock()
            db.execute(select, (url,)).fetchone()
            read_samples.append(clock() - start)
        read_median, read_p90 = figures(read_samples)
        print(json.dumps({"median_us": median, "p90_us": p90, "read_median_us": read_median,
                          "read_p90_us": read_p90, "n": n, "bytes": len(row[3])}))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)

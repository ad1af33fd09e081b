"""The `hostile-round-three` group of the reliability suite (issue 20): numbers that trapped, sizes that
hung, and files plan does not own. It reuses hostile_services.py's stand-in (Tests/Fixtures/hostile/
hostile_server.py: geocoders, NWS, Open-Meteo and a model server on loopback) and builds crafted
databases and place-data files itself.

Each check names the finding and what must hold: the documented exit code, at most two short stderr
lines, no crash, nothing else in the database changed (byte for byte, main file and WAL), and wall time
where a hang was the finding.
"""

import json
import re
import os
import resource
import shutil
import signal
import sqlite3
import stat
import subprocess
import tempfile
import threading
import time

import hostile_services as H

S = None


def register(suite):
    global S
    S = suite
    return ("hostile-round-three", "6. hostile input, round three (issue 20)", scenario)


def geo(scenario_name, extra=None):
    values = {"PLAN_GEOCODER_URL": f"{H.HOSTILE['url']}/{scenario_name}",
              "PLAN_NOMINATIM_URL": f"{H.HOSTILE['url']}/{scenario_name}"}
    values.update(extra or {})
    return H.env(extra=values)


def model(scenario_name, extra=None):
    return H.env(model=scenario_name, extra=extra)


def crafted(template, name, sql):
    """A copy of `template` changed behind plan's back (checks off, the schema writable)."""
    db = S.copy_db(template, name)
    connection = sqlite3.connect(db, timeout=30)
    try:
        connection.executescript(sql)
        connection.commit()
    finally:
        connection.close()
    S.checkpoint(db)
    return db


def unchanged(name, db, before):
    S.check(f"{name}: the database is unchanged", S.fingerprint(db) == before, "changed")


def scenario():
    H.S = S
    H.start_server()
    try:
        if not hasattr(S.FIX, "model_packed"):
            H.setup()
        for part in (geocoders, windows, streaming, crafted_databases, foreign_files, place_data, search, odds_and_ends,
                     full_disk, counter_race):
            if S.skip_if_out_of_time(f"hostile-round-three: {part.__name__}"):
                continue
            part()
    finally:
        H.stop_server()


def geocoders():
    """Findings 1, 3: a Nominatim id of 1e300 or -1e19 (cached for 90 days); a 300 KB Open-Meteo admin1."""
    for scenario_name, label in (("g-huge-id", "osm_id 1e300"), ("g-negative-id", "osm_id -1e19")):
        db = S.copy_db(S.FIX.empty_trip, scenario_name)
        for attempt in ("first", "cached"):
            r = H.run_measured(["add", "Zzyzx Springs", "--from", S.FIX.d1, "--to", S.FIX.d2], db, geo(scenario_name))
            H.expect(f"geocoders: Nominatim {label} -> add exits 0 ({attempt})", r, {0})
        r = H.run_measured(["doctor", "--offline"], db, geo(scenario_name))
        H.expect(f"geocoders: after {label}, doctor runs", r, {0, 69})
    db = S.copy_db(S.FIX.empty_trip, "g-huge-region")
    r = H.run_measured(["add", "Zzyzx Springs", "--from", S.FIX.d1, "--to", S.FIX.d2], db, geo("g-huge-region"))
    H.expect("geocoders: a 300 KB admin1 -> add exits 0", r, {0})
    longest = H.rows(db, "SELECT max(length(region)) FROM places")[0][0]
    S.check("geocoders: the stored region is at most 200 characters", longest is not None and longest <= 200, str(longest))
    r = H.run_measured(["list"], db, geo("g-huge-region"))
    H.expect("geocoders: then list exits 0", r, {0})
    lines = r.out.splitlines()
    S.check("geocoders: every list line is short and shows its dates",
            all(len(l) < 200 for l in lines) and all("→" in l or "->" in l for l in lines[1:]),
            "\n".join(l[:120] for l in lines))


def windows():
    """Finding 2: n_ctx 40 -> ask refuses it (69), doctor flags it."""
    db = S.copy_db(S.FIX.model_packed, "nctx-tiny")
    before = S.fingerprint(db)
    r = H.run_measured(["ask", "1", "Do I need boots?"], db, model("m-nctx-tiny"))
    H.expect("windows: n_ctx 40 -> ask exits 69 with a clear message", r, {69})
    S.check("windows: the message says the window is too small", "too small" in r.err, H.describe(r))
    unchanged("windows: ask with n_ctx 40", db, before)
    r = H.run_measured(["doctor"], db, model("m-nctx-tiny"))
    H.expect("windows: doctor with n_ctx 40 runs", r, {0, 69})
    S.check("windows: doctor flags the window", "too small" in r.out, r.out[-400:])


def streaming():
    """Finding 4: a 1 MB structured answer in 200-byte events ends within its deadline plus a margin."""
    db = S.copy_db(S.FIX.model_packed, "stream-1mb")
    H.control("/_reset")
    deadline = 20
    r = H.run_measured(["pack", "1"], db, model("m-stream-1mb", {"PLAN_MODEL_TIMEOUT": str(deadline)}), tty=True,
                       timeout=deadline + 30)
    H.expect(f"streaming: a 1 MB answer in 200-byte events to a terminal ends within {deadline} s + 5 s",
             r, {0, 65, 69}, max_seconds=deadline + 5, max_rss_mb=400)
    S.check("streaming: integrity ok", S.integrity(db) == "ok", S.integrity(db))
    streamed = [e for e in H.requests_log() if e["scenario"] == "m-stream-1mb" and e.get("stream")]
    S.check("streaming: the answer was really streamed (stream: true)", bool(streamed), json.dumps(H.requests_log())[:300])
    S.say(f"  (the 1 MB streamed answer: {r.seconds:.1f} s, {r.rss_kb // 1024} MB resident, exit {r.code})")


def crafted_databases():
    """Findings 6, 9, 12: crafted values trap nothing (65 naming the table), foreign triggers and views
    are refused, a slot a year ahead is stale, damaged rows are named by doctor."""
    cases = [
        ("latitude 1e300", "PRAGMA ignore_check_constraints = ON; UPDATE places SET latitude = 1e300;",
         [["pack", "1"], ["show", "1"], ["list"]], "places"),
        ("start date in year 99999", "PRAGMA ignore_check_constraints = ON; UPDATE trips SET start_date = '99999-01-01';",
         [["list"], ["show", "1"], ["pack", "1"]], "trips"),
        ("activities not an array", "PRAGMA ignore_check_constraints = ON; UPDATE trips SET activities = '{\"a\": 1}';", [["list"], ["show", "1"]], "trips"),
        ("an unknown place kind", "PRAGMA ignore_check_constraints = ON; UPDATE places SET kind = 'lair';",
         [["list"], ["show", "1"]], "places"),
        ("an unknown entry kind", "PRAGMA ignore_check_constraints = ON; UPDATE transcript_entries SET kind = 'spell' WHERE id = 1;",
         [["history", "show", "1"]], "transcript_entries"),
    ]
    for label, sql, commands, table in cases:
        db = crafted(S.FIX.packed, "crafted-" + label.replace(" ", "-"), sql)
        before = S.fingerprint(db)
        for args in commands:
            r = H.run_measured(args, db, H.env())
            H.expect(f"crafted: {label} -> `{' '.join(args)}` exits 65", r, {65})
            S.check(f"crafted: {label} -> `{' '.join(args)}` names the table {table}", table in r.err, H.describe(r))
        unchanged(f"crafted: {label}", db, before)
        r = H.run_measured(["doctor", "--offline"], db, H.env())
        H.expect(f"crafted: {label} -> doctor reports instead of failing", r, {0, 69})
        S.check(f"crafted: {label} -> doctor names the damaged row", "DAMAGED ROW" in r.out and table in r.out, r.out[:600])

    # A REAL in an integer column once STRICT is removed.
    db = S.copy_db(S.FIX.packed, "crafted-real")
    connection = sqlite3.connect(db)
    schema = connection.execute("SELECT sql FROM sqlite_master WHERE name = 'sessions'").fetchone()[0]
    connection.execute("PRAGMA writable_schema = ON")
    connection.execute("UPDATE sqlite_master SET sql = ? WHERE name = 'sessions'", (schema.replace(") STRICT", ")"),))
    connection.commit()
    connection.close()
    connection = sqlite3.connect(db)
    connection.execute("UPDATE sessions SET context_size = 1e300")
    connection.commit()
    connection.close()
    S.checkpoint(db)
    before = S.fingerprint(db)
    for args in (["history"], ["history", "show", "1"]):
        r = H.run_measured(args, db, H.env())
        H.expect(f"crafted: a REAL 1e300 in sessions.context_size -> `{' '.join(args)}` exits 65", r, {65})
        S.check(f"crafted: the REAL -> `{' '.join(args)}` names sessions", "sessions" in r.err, H.describe(r))
    r = H.run_measured(["list"], db, H.env())
    H.expect("crafted: the REAL in sessions -> list still exits 0", r, {0})
    unchanged("crafted: a REAL in an integer column", db, before)

    db = crafted(S.FIX.packed, "crafted-tokens",
                 "UPDATE transcript_entries SET tokens = 9223372036854775807;")
    r = H.run_measured(["history", "--usage"], db, H.env())
    # Issue 32: a count past belief is a damaged row, named (it was clamped here, then trapped elsewhere).
    H.expect("crafted: token counts that overflow a sum -> history --usage exits 65", r, {65})
    S.check("crafted: the damaged count names transcript_entries", "transcript_entries" in r.err, H.describe(r))

    db = crafted(S.FIX.packed, "crafted-trigger", """
        CREATE TRIGGER evil AFTER INSERT ON sessions BEGIN DELETE FROM trips WHERE id != new.trip_id; END;
        """)
    before = S.fingerprint(db)
    r = H.run_measured(["pack", "1"], db, H.env())
    H.expect("crafted: a foreign trigger -> pack exits 65 and runs nothing", r, {65})
    S.check("crafted: the trigger is named", "evil" in r.err, H.describe(r))
    unchanged("crafted: a foreign trigger", db, before)

    db = crafted(S.FIX.packed, "crafted-view", """
        CREATE VIEW forever AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c;
        """)
    before = S.fingerprint(db)
    for args in (["list"], ["__complete", "trips"], ["doctor", "--offline"]):
        r = H.run_measured(args, db, H.env(), timeout=20)
        H.expect(f"crafted: a recursive view -> `{' '.join(args)}` returns at once", r,
                 {0} if args[0] == "__complete" else {65}, max_seconds=5)
    unchanged("crafted: a recursive view", db, before)

    db = crafted(S.FIX.empty_trip, "crafted-slot", """
        INSERT INTO service_slots (service, last_request_at, not_before) VALUES ('nominatim', 1e300, 1e300)
        ON CONFLICT (service) DO UPDATE SET last_request_at = 1e300, not_before = 1e300;
        """)
    r = H.run_measured(["add", "Zzyzx Springs", "--from", S.FIX.d1, "--to", S.FIX.d2], db, geo("g-huge-id"))
    H.expect("crafted: a Nominatim slot at 1e300 (or a year ahead) is stale -> add exits 0", r, {0})
    S.check("crafted: no invented wait is reported", "wait" not in r.err, H.describe(r))


def foreign_files():
    """Finding 11: a file plan does not own keeps its mode, gets no -wal/-shm, and is refused with 65."""
    folder = tempfile.mkdtemp(prefix="foreign-", dir=S.TMP)
    foreign = os.path.join(folder, "notes.sqlite")
    connection = sqlite3.connect(foreign)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("CREATE TABLE notes (x)")
    connection.execute("INSERT INTO notes VALUES (1)")
    connection.commit()
    connection.close()
    os.chmod(foreign, 0o644)
    before = S.fingerprint(foreign)
    link = os.path.join(folder, "link.sqlite")
    os.symlink(foreign, link)
    for path, label in ((foreign, "a foreign WAL-mode SQLite file"), (link, "a symlink to it")):
        r = H.run_measured(["list"], path)
        H.expect(f"foreign: {label} -> exit 65", r, {65})
    S.check("foreign: its mode is still 0644", stat.S_IMODE(os.stat(foreign).st_mode) == 0o644,
            oct(stat.S_IMODE(os.stat(foreign).st_mode)))
    S.check("foreign: no -wal or -shm beside it",
            not os.path.exists(foreign + "-wal") and not os.path.exists(foreign + "-shm"), os.listdir(folder))
    S.check("foreign: its bytes are unchanged", S.fingerprint(foreign) == before, "changed")
    text = os.path.join(folder, "text.sqlite")
    with open(text, "w") as handle:
        handle.write("not a database\n")
    os.chmod(text, 0o664)
    r = H.run_measured(["list"], text)
    H.expect("foreign: a text file -> exit 65", r, {65})
    S.check("foreign: the text file keeps 0664 and gets no journal",
            stat.S_IMODE(os.stat(text).st_mode) == 0o664 and not os.path.exists(text + "-journal"), os.listdir(folder))


def place_data():
    """Findings 7, 13: a damaged place-data file is exit 69 naming it; online lookup goes on; no hang."""
    source = os.environ.get("PLAN_GAZETTEER") or os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))), "Data", "gazetteer.sqlite")
    if not os.path.exists(source):
        S.say("  (place data: Data/gazetteer.sqlite not built; skipped)")
        return
    folder = tempfile.mkdtemp(prefix="places-", dir=S.TMP)
    text = os.path.join(folder, "text.sqlite")
    with open(text, "w") as handle:
        handle.write("not place data\n")
    truncated = os.path.join(folder, "truncated.sqlite")
    with open(source, "rb") as handle:
        head = handle.read(64 * 1024)
    with open(truncated, "wb") as handle:
        handle.write(head)
    empty = os.path.join(folder, "empty.sqlite")
    sqlite3.connect(empty).execute("CREATE TABLE other (x)").connection.commit()
    view = os.path.join(folder, "view.sqlite")
    shutil.copyfile(source, view)
    connection = sqlite3.connect(view)
    connection.executescript("""
        DROP TABLE names;
        CREATE VIEW names AS WITH RECURSIVE c(key, place, kind) AS (SELECT 'denver', 1, 'name' UNION ALL
            SELECT key, place + 1, kind FROM c) SELECT key, place, kind FROM c;
        """)
    connection.close()
    huge = os.path.join(folder, "huge.sqlite")
    shutil.copyfile(source, huge)
    connection = sqlite3.connect(huge)
    connection.execute("UPDATE places SET population = 1e300 WHERE name = 'Denver'")
    connection.commit()
    connection.close()
    for path, label in ((text, "a text file"), (truncated, "a truncated file"), (empty, "a file without its tables"),
                        (view, "a recursive view in place of names")):
        db = S.copy_db(S.FIX.empty_trip, "places")
        trips = H.rows(db, "SELECT * FROM trips ORDER BY id")
        r = H.run_measured(["add", "Denver, CO", "--from", S.FIX.d1, "--to", S.FIX.d2], db,
                           geo("g-none", {"PLAN_GAZETTEER": path, "PLAN_HTTP_TIMEOUT": "2"}), timeout=30)
        H.expect(f"place data: {label}, nothing online -> add exits 69", r, {69}, max_seconds=15)
        S.check(f"place data: {label} -> the message names the file", path in r.err, H.describe(r))
        # (The online answers are cached, as for any lookup; no trip is added.)
        S.check(f"place data: {label} -> no trip added", H.rows(db, "SELECT * FROM trips ORDER BY id") == trips, "changed")
        r = H.run_measured(["add", "Zzyzx Springs", "--from", S.FIX.d1, "--to", S.FIX.d2], db,
                           geo("g-huge-id", {"PLAN_GAZETTEER": path}), timeout=30)
        H.expect(f"place data: {label} -> online lookup goes on (add exits 0)", r, {0}, max_seconds=15)
        r = H.run_measured(["doctor", "--offline"], db, H.env(extra={"PLAN_GAZETTEER": path}), timeout=30)
        S.check(f"place data: {label} -> doctor says DAMAGED", "DAMAGED" in r.out, r.out[:400])
    db = S.copy_db(S.FIX.empty_trip, "places-huge")
    r = H.run_measured(["add", "Denver, CO", "--from", S.FIX.d1, "--to", S.FIX.d2], db,
                       H.env(extra={"PLAN_GAZETTEER": huge}))
    H.expect("place data: a population of 1e300 -> add exits 0", r, {0})


def search():
    """Finding 5: a stored 1 MB answer keeps history search fast."""
    db = S.copy_db(S.FIX.packed, "search-1mb")
    connection = sqlite3.connect(db)
    session = connection.execute("SELECT max(id) FROM sessions").fetchone()[0]
    seq = connection.execute("SELECT max(seq) FROM transcript_entries WHERE session_id = ?", (session,)).fetchone()[0]
    connection.execute("INSERT INTO transcript_entries (session_id, seq, kind, text, tokens, in_context, created_at)"
                       " VALUES (?, ?, 'response', ?, 1000, 0, 1700000000)", (session, seq + 1, "snow " * 200_000))
    connection.commit()
    connection.close()
    for args in (["history", "search", "snow"], ["history", "search", "snow", "--newest"],
                 ["history", "search", "snow", "--json"]):
        r = H.run_measured(args, db, H.env(), timeout=60)
        H.expect(f"search: a 1 MB entry -> `{' '.join(args)}` in under 5 s", r, {0}, max_seconds=5)


def odds_and_ends():
    """Findings 14: the smaller ones."""
    db = S.copy_db(S.FIX.empty_trip, "odds")
    r = H.run_measured(["help", "nosuch"], db)
    H.expect("odds: help nosuch -> 64", r, {64})
    r = H.run_measured(["--version", "--json"], db)
    try:
        version = json.loads(r.out).get("version")
    except ValueError:
        version = None
    S.check("odds: --version --json prints JSON", r.code == 0 and bool(version), r.out[:200])
    r = H.run_measured(["history", "search", "🎉"], db)
    H.expect("odds: an emoji-only search is a query (exit 0)", r, {0})
    r = H.run_measured(["show", "1"], db, H.env(extra={"PLAN_CONTACT": "me@example.com\r\nX-Evil: 1"}))
    H.expect("odds: PLAN_CONTACT with CR/LF -> 64", r, {64})
    md = S.copy_db(S.FIX.empty_trip, "markdown")
    r = H.run_measured(["add", "Zzyzx Springs", "--from", S.FIX.d1, "--to", S.FIX.d2], md, geo("g-markdown"))
    H.expect("odds: a place name with a Markdown link and HTML -> add exits 0", r, {0})
    r = H.run_measured(["pack", "2", "--markdown"], md, geo("g-markdown"))
    H.expect("odds: pack --markdown of that trip exits 0", r, {0})
    # A live link is an unescaped "](" (an escaped "\](" is text), raw HTML, or a bare http:// link.
    live = [p for p in ("<b>", "http://") if p in r.out] + re.findall(r"(?<!\\)\]\(http", r.out)
    S.check("odds: Markdown output has no live link or HTML from the geocoder", not live and "Zzyzx" in r.out,
            f"{live}\n{r.out[:300]}")
    H.control("/_reset")
    r = H.run_measured(["show", "1"], db, H.env("foreign-forecast"))
    H.expect_shown("odds: an NWS forecast link on another host -> not fetched (said)", r)
    S.check("odds: the other host got no request", not [e for e in H.requests_log() if e["port"] == "other"],
            json.dumps(H.requests_log())[:300])


def run_without_room(args, db, extra, file_bytes):
    """Runs plan with no file allowed past `file_bytes` (RLIMIT_FSIZE, as `ulimit -f`; SIGXFSZ ignored, so
    a write past it fails with EFBIG instead of killing the process): no root, no tmpfs. Output goes to
    pipes, which the limit does not cover."""
    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (file_bytes, file_bytes))
    started = time.monotonic()
    proc = subprocess.run([S.PLAN] + list(args), stdin=subprocess.DEVNULL, capture_output=True,
                          env=S.plan_env(db, extra), preexec_fn=limit, timeout=60)
    return H.Measured(list(args), proc.returncode, proc.stdout.decode("utf-8", "replace"),
                      proc.stderr.decode("utf-8", "replace"), time.monotonic() - started, 0)


def full_disk():
    """The last round's leftover: `show` of an unpacked trip on a full disk shows (its cache writes are
    skipped), and a command that must write (`pack`) gives 74 in one plain line, the database untouched.
    The disk is "full" for plan's process only: no file may grow past what it is now (the WAL plan left
    beside the database is already past 32 KB, so every new frame would go past the limit)."""
    db = S.copy_db(S.FIX.empty_trip, "full-disk-show")
    r = H.run_measured(["show", "1"], db, H.env())
    H.expect("full disk: (priming) show 1 with room exits 0", r, {0})
    # The limit is the -wal's size (and at least the -shm's): no new WAL frame fits; the main file, larger,
    # is only read (a checkpoint into it would fail the same way, but none falls due).
    sizes = [os.path.getsize(db + suffix) for suffix in ("-wal", "-shm") if os.path.exists(db + suffix)]
    wal = os.path.getsize(db + "-wal") if os.path.exists(db + "-wal") else 0
    if wal <= 32768:
        S.check("full disk: the priming show left a WAL past 32 KB", False, f"-wal is {wal} bytes")
        return
    before = S.fingerprint(db)
    limit = max(sizes)
    r = run_without_room(["show", "1", "--fresh"], db, H.env(), limit)
    H.expect("full disk: show --fresh of an unpacked trip, nothing can be written -> exit 0", r, {0})
    S.check("full disk: show printed the trip and its forecast", "Trip 1" in r.out and "Forecast" in r.out, r.out[:400])
    S.check("full disk: show said nothing about the database", "database" not in r.err.lower(), H.describe(r))
    unchanged("full disk: show --fresh", db, before)
    r = run_without_room(["pack", "1"], db, H.env(), limit)
    H.expect("full disk: pack, which must write -> exit 74 in one plain line", r, {74})
    S.check("full disk: pack's message names no SQL", not [w for w in ("INSERT", "UPDATE", "SQLITE_", "sqlite3")
                                                           if w in r.err], H.describe(r))
    unchanged("full disk: pack", db, before)
    S.check("full disk: integrity ok afterwards", S.integrity(db) == "ok", S.integrity(db))


def counter_race():
    """The hit counters under concurrent commands: two processes each running cached shows at once lose no
    count and see no "database is locked"; behind a writer that holds the lock for 4 s, a show ends within
    its 1 s wait for the counters (plus start-up), exit 0."""
    db = S.copy_db(S.FIX.empty_trip, "counter-race")
    r = H.run_measured(["show", "1"], db, H.env())
    H.expect("counters: (priming) show 1 exits 0", r, {0})

    def totals():
        hit = H.rows(db, "SELECT coalesce((SELECT value FROM counters WHERE name = 'cache.hit'), 0)")[0][0]
        return hit, H.rows(db, "SELECT coalesce(sum(hits), 0) FROM http_cache")[0][0]

    start = totals()
    r = H.run_measured(["show", "1"], db, H.env())
    H.expect("counters: one cached show exits 0", r, {0})
    one = tuple(b - a for a, b in zip(start, totals()))
    S.check("counters: a cached show counts its hits", one[0] > 0 and one[1] > 0, str(one))
    runs, results = 10, []
    lock = threading.Lock()

    def loop():
        for _ in range(runs):
            measured = H.run_measured(["show", "1"], db, H.env())
            with lock:
                results.append(measured)

    before = totals()
    threads = [threading.Thread(target=loop) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    after = totals()
    failed = [m for m in results if m.code != 0 or "locked" in m.err or "busy" in m.err]
    S.check(f"counters: 2 x {runs} racing cached shows all exit 0 without 'locked'", not failed and len(results) == 2 * runs,
            "\n".join(H.describe(m) for m in failed[:3]))
    gained = tuple(b - a for a, b in zip(before, after))
    S.check("counters: no count lost (cache.hit and the entries' hits grew by 20 shows' worth)",
            gained == (one[0] * 2 * runs, one[1] * 2 * runs), f"gained {gained}, one show {one}")

    holder = sqlite3.connect(db, timeout=30, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        r = H.run_measured(["show", "1"], db, H.env())
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    H.expect("counters: behind a writer holding the lock, a cached show exits 0 within its 1 s wait", r, {0}, max_seconds=3.5)
    S.check("counters: and says nothing of the lock", "locked" not in r.err and "busy" not in r.err, H.describe(r))

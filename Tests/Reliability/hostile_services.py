"""The `hostile-services` group of the reliability suite (issue 17): weather services and a model
server that misbehave on purpose, played by Tests/Fixtures/hostile/hostile_server.py on loopback.

Each check names the attack and what must hold: no crash, the documented exit code, short messages
(at most two lines on stderr, nothing raw on the terminal), the database sound and holding only what
it should, and wall time or resident memory bounded where they are the point.

`register(suite)` is called by run.py with run.py's own module, whose helpers (run, check, FIX, ...)
this file uses.
"""

import json
import os
import pty
import select
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import tempfile
import threading
import time

S = None                 # run.py's module
HOSTILE = {}             # url, other, proc
SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Fixtures", "hostile",
                      "hostile_server.py")
RAW = ["\x1b", "\r", "\x00", "\x9b", "\u202e", "\u202c", "\x07"]


def register(suite):
    global S
    S = suite
    return ("hostile-services", "5. hostile services and model (issue 17)", scenario)


# ----------------------------------------------------------------------------------------------
# Plumbing
# ----------------------------------------------------------------------------------------------

def start_server():
    log = open(os.path.join(S.TMP, "hostile-server.log"), "wb")
    proc = subprocess.Popen([sys.executable, SCRIPT], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=log)
    ready, _, _ = select.select([proc.stdout], [], [], 15)
    if not ready:
        raise RuntimeError("the hostile stand-in did not start")
    _, main, other = proc.stdout.readline().decode().split()
    HOSTILE.update(url=f"http://127.0.0.1:{main}", other=f"http://127.0.0.1:{other}", proc=proc, log=log)


def stop_server():
    proc = HOSTILE.get("proc")
    if proc and proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
    if HOSTILE.get("log"):
        HOSTILE["log"].close()


def control(path):
    import urllib.request
    method = "GET" if path == "/_log" else "POST"
    request = urllib.request.Request(HOSTILE["url"] + path, method=method, data=None if method == "GET" else b"{}")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def requests_log():
    return control("/_log")["log"]


def env(weather="ok", model=None, extra=None):
    values = {"PLAN_NWS_URL": f"{HOSTILE['url']}/{weather}", "PLAN_OPEN_METEO_URL": f"{HOSTILE['url']}/{weather}",
              "PLAN_CLIMATE_URL": f"{HOSTILE['url']}/{weather}", "PLAN_MARINE_URL": f"{HOSTILE['url']}/{weather}",
              "PLAN_HTTP_RETRIES": "1"}
    if model:
        values["PLAN_MODEL"] = model if model.startswith("http") else f"{HOSTILE['url']}/{model}"
    values.update(extra or {})
    return values


class Measured:
    def __init__(self, args, code, out, err, seconds, rss_kb):
        self.args, self.code, self.out, self.err, self.seconds, self.rss_kb = args, code, out, err, seconds, rss_kb

    @property
    def first_err(self):
        lines = [l for l in self.err.splitlines() if l.strip()]
        return lines[0] if lines else ""


def run_measured(args, db, extra=None, timeout=60, tty=False):
    """Runs plan; returns exit code, output, wall time and peak resident memory (wait4's ru_maxrss).
    With tty, stdout is a pseudo-terminal (so `ask` streams)."""
    out_file = tempfile.TemporaryFile(dir=S.TMP)
    err_file = tempfile.TemporaryFile(dir=S.TMP)
    master = slave = None
    if tty:
        master, slave = pty.openpty()
    started = time.monotonic()
    proc = subprocess.Popen([S.PLAN] + list(args), stdin=subprocess.DEVNULL, stdout=slave if tty else out_file,
                            stderr=err_file, env=S.plan_env(db, extra))
    with S.CHILDREN_LOCK:
        S.CHILDREN.add(proc)
    chunks = []
    timer = threading.Timer(timeout, lambda: proc.kill())
    timer.start()
    try:
        if tty:
            os.close(slave)
            while True:
                try:
                    ready, _, _ = select.select([master], [], [], 0.2)
                    if ready:
                        data = os.read(master, 65536)
                        if not data:
                            break
                        chunks.append(data)
                    elif proc.poll() is not None:
                        break
                except OSError:
                    break
        _, status, usage = os.wait4(proc.pid, 0)
    finally:
        timer.cancel()
        with S.CHILDREN_LOCK:
            S.CHILDREN.discard(proc)
        if master is not None:
            os.close(master)
    proc.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.monotonic() - started
    code = "timeout" if seconds >= timeout - 0.05 and proc.returncode < 0 else proc.returncode
    out_file.seek(0)
    err_file.seek(0)
    # A terminal turns "\n" into "\r\n" itself (onlcr): those CRs are the terminal's, not plan's.
    out = b"".join(chunks).replace(b"\r\n", b"\n") if tty else out_file.read()
    err = err_file.read()
    out_file.close()
    err_file.close()
    return Measured(list(args), code, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), seconds,
                    usage.ru_maxrss)


def describe(r):
    text = f"{S.show_args(r.args)} -> exit {r.code} in {r.seconds:.2f}s, {r.rss_kb // 1024} MB resident"
    err = r.err.strip().splitlines()
    if err:
        text += "\n  stderr: " + "\n          ".join(S.short(repr(l) if any(c in l for c in RAW) else l, 160)
                                                     for l in err[:3])
    return text


def raw_in(text):
    return [repr(c) for c in RAW if c in text]


def problems_of(r, codes, max_seconds=None, max_rss_mb=None, clean=True):
    problems = []
    if r.code not in codes:
        problems.append(f"exit {r.code}, expected {sorted(codes)}")
    for marker in S.CRASH_MARKERS:
        if marker in r.err or marker in r.out:
            problems.append(f"output contains {marker!r}")
    if r.code != 0:
        lines = r.err.strip().splitlines()
        if len(lines) > 2:
            problems.append(f"error is {len(lines)} lines on stderr (at most 2)")
        if any(len(l) > 1000 for l in lines):
            problems.append(f"an error line of {max(len(l) for l in lines)} characters")
    if clean:
        found = raw_in(r.out) + raw_in(r.err)
        if found:
            problems.append("raw terminal characters printed: " + ", ".join(sorted(set(found))))
    if max_seconds is not None and r.seconds > max_seconds:
        problems.append(f"took {r.seconds:.1f}s (bound {max_seconds}s)")
    if max_rss_mb is not None and r.rss_kb > max_rss_mb * 1024:
        problems.append(f"{r.rss_kb // 1024} MB resident (bound {max_rss_mb} MB)")
    return problems


def expect(name, r, codes, **bounds):
    problems = problems_of(r, codes, **bounds)
    return S.check(name, not problems, "; ".join(problems) + "\n" + describe(r))


def expect_shown(name, r, **bounds):
    """`show` of a stored trip whose service failed: exit 0 (it shows what is stored, issue 41), and what could
    not be fetched said in one or two short plain lines on stderr."""
    problems = problems_of(r, {0}, **bounds)
    err = [l for l in r.err.strip().splitlines() if l.strip()]
    if not (1 <= len(err) <= 2) or not err[0].startswith("plan: "):
        problems.append(f"what could not be fetched is not said in one or two lines ({len(err)} lines)")
    if any(len(l) > 1000 for l in err):
        problems.append("a stderr line longer than 1000 characters")
    return S.check(name, not problems, "; ".join(problems) + "\n" + describe(r))


def rows(db, sql, args=()):
    connection = sqlite3.connect(db, timeout=30)
    try:
        return connection.execute(sql, args).fetchall()
    finally:
        connection.close()


def fresh_copy(template, name):
    return S.copy_db(template, name)


# ----------------------------------------------------------------------------------------------
# The scenario
# ----------------------------------------------------------------------------------------------

def scenario():
    start_server()
    try:
        setup()
        for part in (numbers, lifetimes, terminal, deadlines_and_sizes, credentials, model_numbers, storage):
            if S.skip_if_out_of_time(f"hostile-services: {part.__name__}"):
                continue
            part()
    finally:
        stop_server()


def setup():
    S.FIX.paris = os.path.join(S.TMP, "templates", "paris.sqlite")
    r = S.run(["add", "Paris, France", "--from", S.FIX.d1, "--to", S.FIX.d2], S.FIX.paris)
    if r.code != 0:
        raise RuntimeError("setup: cannot add Paris:\n" + S.describe(r))
    S.checkpoint(S.FIX.paris)
    S.FIX.model_packed = os.path.join(S.TMP, "templates", "model-packed.sqlite")
    shutil.copyfile(S.FIX.empty_trip, S.FIX.model_packed)
    r = run_measured(["pack", "1"], S.FIX.model_packed, env(model="m-ok"))
    if r.code != 0:
        raise RuntimeError("setup: pack with the hostile stand-in's well-behaved model failed:\n" + describe(r))
    S.checkpoint(S.FIX.model_packed)


def numbers():
    """Finding 1: numbers far out of range (1e308, -9.3e18, 9.3e18, 1e300) never trap, nothing sticks."""
    db = fresh_copy(S.FIX.empty_trip, "huge-nws")
    r = run_measured(["pack", "1"], db, env("huge-numbers"))
    expect("numbers: NWS temperature 1e308, precipitation 1e300/9.3e18, wind 1e20 -> pack exits 0", r, {0})
    status = rows(db, "SELECT status FROM sessions ORDER BY id DESC LIMIT 1")
    S.check("numbers: the session is completed, not left running", status == [("completed",)], str(status))
    for args in (["show", "1"], ["show", "1", "--offline"], ["show", "1", "--json"]):
        r = run_measured(args, db, env("huge-numbers"))
        expect(f"numbers: then `{' '.join(args)}` exits 0 (nothing that traps was cached)", r, {0})
    shown = run_measured(["show", "1", "--json"], db, env("huge-numbers"))
    try:
        days = json.loads(shown.out)["forecast"]["days"]
        unknown = all(d["high"] is None and d["precipitationChance"] is None and d["wind"] is None for d in days)
    except (ValueError, KeyError, TypeError):
        unknown = False
    S.check("numbers: out-of-range fields are unknown (null) in show --json", unknown, shown.out[:300])
    S.check("numbers: integrity ok", S.integrity(db) == "ok", S.integrity(db))

    db = fresh_copy(S.FIX.paris, "huge-om")
    r = run_measured(["pack", "1"], db, env("huge-numbers"))
    expect("numbers: Open-Meteo temperature -9.3e18, weather code 1e300, precipitation 1e300 -> pack exits 0", r, {0})
    r = run_measured(["show", "1", "--offline"], db, env("huge-numbers"))
    expect("numbers: then `show 1 --offline` exits 0", r, {0})


def lifetimes():
    """Findings 8a, 2: max-age=inf or 1e308 never pins an answer (invalid delta-seconds: stale at once, RFC 9111
    4.2.1; any lifetime is capped per kind); cache prune drops what is past any cap."""
    db = fresh_copy(S.FIX.empty_trip, "lifetimes")
    r = run_measured(["show", "1"], db, env("huge-numbers"))
    expect("lifetimes: show with max-age=inf on /points and the forecast exits 0", r, {0})
    entries = rows(db, "SELECT url, expires_at - validated_at FROM http_cache")
    points = [l for u, l in entries if "/points/" in u]
    forecasts = [l for u, l in entries if "/forecast" in u]
    S.check("lifetimes: the point mapping is kept at most 30 days (max-age=inf)",
            points and all(0 <= l <= 30 * 86400 for l in points), str(entries))
    S.check("lifetimes: the forecast is kept at most 1 day (max-age=inf)",
            forecasts and all(0 <= l <= 86400 for l in forecasts), str(entries))
    db2 = fresh_copy(S.FIX.paris, "lifetimes-om")
    run_measured(["show", "1"], db2, env("huge-numbers"))
    om = rows(db2, "SELECT expires_at - validated_at FROM http_cache WHERE url LIKE '%/v1/forecast%'")
    S.check("lifetimes: Open-Meteo max-age=1e308 -> at most 1 day", om and all(0 <= l <= 86400 for (l,) in om), str(om))
    # An entry an older plan stored from a lying server: prune drops it, keeps the sound ones.
    connection = sqlite3.connect(db, timeout=30)
    connection.execute("INSERT INTO http_cache (url, status, content_type, body, etag, last_modified, fetched_at,"
                       " expires_at, validated_at) VALUES ('http://old.example/forever', 200, 'application/json',"
                       " X'7B7D', NULL, NULL, 1700000000, 9e999, 1700000000)")
    connection.commit()
    connection.close()
    before = rows(db, "SELECT count(*) FROM http_cache")[0][0]
    # The show's own entries came with max-age=inf, invalid and so stale at once (RFC 9111 4.2.1): only the
    # ones still fresh are to be kept.
    fresh = rows(db, "SELECT count(*) FROM http_cache WHERE expires_at > ? AND url != 'http://old.example/forever'",
                 (time.time(),))[0][0]
    r = run_measured(["cache", "prune"], db)
    after = [u for (u,) in rows(db, "SELECT url FROM http_cache")]
    expect("lifetimes: cache prune exits 0", r, {0})
    S.check("lifetimes: cache prune drops an entry stored with an infinite lifetime, keeps the fresh ones",
            "http://old.example/forever" not in after and len(after) == fresh, f"{before} -> {after} ({fresh} fresh)")


def terminal():
    """Finding 3: escapes, CR, bidi overrides and NUL from services, the model and the database."""
    db = fresh_copy(S.FIX.empty_trip, "escapes")
    r = run_measured(["pack", "1"], db, env("escapes"))
    expect("terminal: forecast text with ESC/OSC/CR/bidi/NUL -> pack prints nothing raw", r, {0})
    session = rows(db, "SELECT max(id) FROM sessions")[0][0]
    for args in (["show", "1"], ["show", "1", "--offline"], ["history", "show", str(session)],
                 ["history", "search", "Snow"], ["history"]):
        r = run_measured(args, db, env("escapes"))
        expect(f"terminal: `{' '.join(args)}` prints nothing raw", r, {0})
    r = run_measured(["show", "1", "--json"], db, env("escapes"))
    try:
        summary = json.loads(r.out)["forecast"]["days"][0]["summary"]
        ok = "\x1b[2J" in summary and "\u202e" in summary
    except (ValueError, KeyError, TypeError, IndexError):
        ok = False
    S.check("terminal: --json keeps the text exactly (escaped by JSON)", r.code == 0 and ok, describe(r))

    db = fresh_copy(S.FIX.empty_trip, "model-escapes")
    r = run_measured(["pack", "1"], db, env(model="m-escapes"))
    expect("terminal: model items, reasons, notices with escapes -> pack prints nothing raw", r, {0})
    session = rows(db, "SELECT max(id) FROM sessions")[0][0]
    for args in (["show", "1"], ["history", "show", str(session)]):
        r = run_measured(args, db, env(model="m-escapes"))
        expect(f"terminal: then `{' '.join(args)}` prints nothing raw", r, {0})
    r = run_measured(["doctor"], db, env(model="m-escapes"))
    expect("terminal: doctor with a /props model_path full of escapes prints nothing raw", r, {0, 69})
    db = fresh_copy(S.FIX.model_packed, "ask-escapes")
    r = run_measured(["ask", "1", "Do I need boots?"], db, env(model="m-ask-escapes"))
    expect("terminal: ask answer with escapes (printed whole) -> nothing raw", r, {0})
    r = run_measured(["ask", "1", "Do I need boots?"], db, env(model="m-ask-escapes"), tty=True)
    expect("terminal: ask answer with escapes (streamed to a terminal) -> nothing raw", r, {0})
    S.check("terminal: the streamed answer still arrives", "Bring boots" in r.out, repr(r.out[:200]))


def deadlines_and_sizes():
    """Findings 4, 5, 6: whole-request deadlines, body limits, a linear SSE parser, one-line errors."""
    db = fresh_copy(S.FIX.empty_trip, "trickle")
    r = run_measured(["show", "1"], db, env("trickle", extra={"PLAN_HTTP_TIMEOUT": "2"}))
    expect_shown("deadlines: a forecast trickled 1 byte/s is cut at PLAN_HTTP_TIMEOUT=2 (show says so within 10 s)", r,
                 max_seconds=10)
    db = fresh_copy(S.FIX.model_packed, "model-trickle")
    r = run_measured(["pack", "1"], db, env(model="m-trickle", extra={"PLAN_MODEL_TIMEOUT": "3"}))
    expect("deadlines: a model answer trickled 2 bytes/s is cut at PLAN_MODEL_TIMEOUT=3 (exit 69 within 15 s)", r,
           {69}, max_seconds=15)
    r = run_measured(["ask", "1", "Anything else?"], db, env(model="m-sse-endless", extra={"PLAN_MODEL_TIMEOUT": "3"}),
                     tty=True)
    expect("deadlines: an endless SSE stream is cut at PLAN_MODEL_TIMEOUT=3 (exit 69 within 15 s)", r, {69},
           max_seconds=15)
    r = run_measured(["ask", "1", "Anything else?"], db, env(model="m-sse-longline"), tty=True)
    expect("sizes: an 8 MB SSE line without a newline -> exit 65 in under 10 s, under 200 MB resident", r, {65},
           max_seconds=10, max_rss_mb=200)
    db = fresh_copy(S.FIX.model_packed, "huge-answer")
    r = run_measured(["pack", "1"], db, env(model="m-huge-answer"))
    # The cut answer is unusable: a pack sets it aside and prints the rules' list for the same forecast (exit 0).
    expect("sizes: a 500 MB model answer is cut at 1 MB (set aside, exit 0, in under 10 s, under 200 MB resident)", r, {0},
           max_seconds=10, max_rss_mb=200)
    r = run_measured(["pack", "1"], db, env(model="m-huge-answer-unsized"))
    # Without a Content-Length the cut comes from counting; what a loopback flood sends before the cancel
    # lands is buffered by FoundationNetworking (95-380 MB seen for 500 MB sent), hence the looser bound.
    # (584 MB seen once on a busy machine: the bound is 800 MB, against 2.6 GB before any cut existed.)
    expect("sizes: a 500 MB model answer without Content-Length is cut by counting (set aside, exit 0, under 800 MB)", r, {0},
           max_seconds=10, max_rss_mb=800)
    stored = rows(db, "SELECT coalesce(max(length(text)), 0) FROM transcript_entries")[0][0]
    S.check("sizes: nothing of it lands in the transcript (largest entry under 1 MB)", stored < 1_048_576, str(stored))
    S.check("sizes: integrity ok after the cut answer", S.integrity(db) == "ok", S.integrity(db))

    db = fresh_copy(S.FIX.empty_trip, "huge-forecast")
    r = run_measured(["show", "1"], db, env("huge-body"))
    expect_shown("sizes: a 20 MB forecast is refused at 2 MB (said, under 150 MB resident)", r,
                 max_seconds=20, max_rss_mb=150)
    cached = rows(db, "SELECT count(*) FROM http_cache WHERE url LIKE '%/forecast%'")[0][0]
    S.check("sizes: the oversized forecast is not cached", cached == 0, str(cached))

    db = fresh_copy(S.FIX.empty_trip, "huge-nws-error")
    r = run_measured(["show", "1"], db, env("huge-error"))
    expect_shown("sizes: a 5 MB NWS error with newlines and ESC -> said in at most two short lines", r,
                 max_seconds=20)
    db = fresh_copy(S.FIX.model_packed, "huge-model-error")
    r = run_measured(["pack", "1"], db, env(model="m-huge-error"))
    expect("sizes: a 5 MB model error with newlines and OSC -> exit 69, at most two short lines", r, {69})
    errors = rows(db, "SELECT error FROM sessions WHERE error IS NOT NULL ORDER BY id DESC LIMIT 1")
    stored = errors[0][0] if errors else ""
    S.check("sizes: the session's stored error is one line of at most 500 characters",
            errors and len(stored) <= 500 and "\n" not in stored and "\r" not in stored, repr(stored[:200]))


def credentials():
    """Findings 2, 8e, 8f: redirects refused, PLAN_CONTACT to NWS only, userinfo never stored or printed."""
    for status in ("301", "302", "307", "308"):
        control("/_reset")
        db = fresh_copy(S.FIX.empty_trip, f"redirect-{status}")
        before = S.fingerprint(db)
        r = run_measured(["pack", "1"], db, env(model=f"m-redirect-{status}", extra={"PLAN_API_KEY": "sk-hostile-key"}))
        foreign = [e for e in requests_log() if e["port"] == "other"]
        expect(f"credentials: model {status} to another port -> exit 69, refused", r, {69})
        S.check(f"credentials: after a {status}, nothing (no key, no transcript) reached the other host",
                not foreign, json.dumps(foreign)[:300])
        S.check(f"credentials: the {status} leaves the key out of output", "sk-hostile-key" not in r.out + r.err,
                describe(r))
        del before
    control("/_reset")
    db = fresh_copy(S.FIX.empty_trip, "weather-redirect")
    r = run_measured(["show", "1"], db, env("redirect-foreign"))
    expect_shown("credentials: NWS /points redirected to another host -> not followed (said)", r)
    S.check("credentials: the other host got no weather request",
            not [e for e in requests_log() if e["port"] == "other"], json.dumps(requests_log())[:300])

    control("/_reset")
    db = fresh_copy(S.FIX.empty_trip, "contact")
    r = run_measured(["show", "1"], db, env("foreign-forecast", extra={"PLAN_CONTACT": "hostile@example.com"}))
    log = requests_log()
    nws = [e for e in log if e["port"] == "main" and e["path"].startswith("/points/")]
    elsewhere = [e for e in log if e["port"] == "other"]
    S.check("credentials: PLAN_CONTACT goes to the NWS host", nws and all("hostile@example.com" in (e["userAgent"] or "")
                                                                          for e in nws), json.dumps(nws)[:300])
    # Issue 20: a forecast link on another host is not followed at all (so no contact can go there either).
    S.check("credentials: a forecast host a /points answer names on another host gets no request at all",
            not elsewhere, json.dumps(elsewhere)[:300])
    control("/_reset")
    db = fresh_copy(S.FIX.paris, "contact-om")
    run_measured(["show", "1"], db, env("ok", extra={"PLAN_CONTACT": "hostile@example.com",
                                                      "PLAN_NWS_URL": "http://127.0.0.1:9/nws"}))
    om = [e for e in requests_log() if e["path"] == "/v1/forecast"]
    S.check("credentials: PLAN_CONTACT does not go to Open-Meteo",
            om and not any("hostile@example.com" in (e["userAgent"] or "") for e in om), json.dumps(om)[:300])

    db = fresh_copy(S.FIX.empty_trip, "userinfo")
    model = HOSTILE["url"].replace("http://", "http://planuser:s3cr3t-pw@") + "/m-ok"
    outputs = []
    for args in (["pack", "1"], ["history"], ["history", "--json"], ["doctor"], ["doctor", "--json"]):
        r = run_measured(args, db, env(model=model))
        outputs.append(r)
        expect(f"credentials: PLAN_MODEL with user:password -> `{' '.join(args)}` works", r, {0, 69} if args[0] == "doctor" else {0})
    leaked = [S.show_args(r.args) for r in outputs if "s3cr3t-pw" in r.out + r.err]
    S.check("credentials: the password in PLAN_MODEL is never printed", not leaked, ", ".join(leaked))
    S.check("credentials: doctor shows the model URL masked", "***@" in outputs[3].out, outputs[3].out[:400])
    S.checkpoint(db)
    with open(db, "rb") as handle:
        data = handle.read()
    S.check("credentials: the password in PLAN_MODEL is not stored in the database", b"s3cr3t-pw" not in data,
            "found in the database file")


def model_numbers():
    """Findings 8b, 1: /props n_ctx <= 0 or absurd, absurd usage counts."""
    for scenario_name, label in (("m-nctx-0", "n_ctx 0"), ("m-nctx-negative", "n_ctx -5"), ("m-nctx-huge", "n_ctx 1e300"),
                                 ("m-huge-usage", "usage tokens 1e300 / -9.3e18")):
        db = fresh_copy(S.FIX.empty_trip, scenario_name)
        r = run_measured(["pack", "1"], db, env(model=scenario_name))
        expect(f"model numbers: {label} -> pack exits 0 (no SQL, no trap)", r, {0})
        if scenario_name.startswith("m-nctx"):
            sizes = rows(db, "SELECT context_size FROM sessions")
            S.check(f"model numbers: {label} -> the session's context size is the 4096 default",
                    sizes and all(s == 4096 for (s,) in sizes), str(sizes))


def storage():
    """Findings 8c, 8d: storage errors named (exit 74, one line, no SQL); mode 0600 on every open."""
    r = run_measured(["list"], "/dev/null")
    expect("storage: PLAN_DB=/dev/null -> exit 74, one plain line", r, {74})
    S.check("storage: PLAN_DB=/dev/null creates no /dev/null-journal", not os.path.exists("/dev/null-journal"),
            "it exists")
    folder = tempfile.mkdtemp(prefix="fifo-", dir=S.TMP)
    fifo = os.path.join(folder, "plan.sqlite")
    os.mkfifo(fifo)
    r = run_measured(["list"], fifo, timeout=15)
    expect("storage: PLAN_DB=a fifo -> exit 74 at once, without hanging", r, {74}, max_seconds=10)
    db = fresh_copy(S.FIX.packed, "lost-wal")
    os.mkdir(db + "-wal")
    r = run_measured(["list"], db)
    expect("storage: a lost -wal (a folder in its place) -> exit 74, one plain line", r, {74})
    S.check("storage: no SQL in the message", "PRAGMA" not in r.err and "SELECT" not in r.err, describe(r))

    read_only_case()
    full_disk_case()

    db = fresh_copy(S.FIX.packed, "mode")
    os.chmod(db, 0o644)
    with open(db + "-shm", "wb") as handle:
        handle.write(b"")
    os.chmod(db + "-shm", 0o666)
    r = run_measured(["list"], db)
    modes = {suffix: stat.S_IMODE(os.stat(db + suffix).st_mode) for suffix in ("", "-shm") if os.path.exists(db + suffix)}
    expect("storage: an existing 0644 database opens fine", r, {0})
    S.check("storage: the database and its -shm are 0600 after plan opened them",
            all(m == 0o600 for m in modes.values()), {k: oct(v) for k, v in modes.items()})
    target = fresh_copy(S.FIX.packed, "symlink-target")
    os.chmod(target, 0o640)
    link = os.path.join(os.path.dirname(target), "link.sqlite")
    os.symlink(target, link)
    r = run_measured(["list"], link)
    expect("storage: a symlinked database opens fine", r, {0})
    S.check("storage: the symlink's target is tightened to 0600 (never loosened), the link stays a link",
            stat.S_IMODE(os.stat(target).st_mode) == 0o600 and os.path.islink(link),
            oct(stat.S_IMODE(os.stat(target).st_mode)))


def read_only_case():
    db = fresh_copy(S.FIX.packed, "read-only")
    before = S.fingerprint(db)
    immutable = False
    if os.geteuid() == 0 and shutil.which("chattr"):
        immutable = subprocess.run(["chattr", "+i", db], capture_output=True).returncode == 0
    if not immutable:
        os.chmod(db, 0o444)
    try:
        r = run_measured(["add", "Seattle, WA", "--from", S.FIX.d1, "--to", S.FIX.d2], db)
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", db], capture_output=True)
        os.chmod(db, 0o600)
    expect("storage: a read-only database -> exit 74, one plain line, no SQL", r, {74})
    S.check("storage: the read-only message says so", "read-only" in r.err, describe(r))
    S.check("storage: the read-only database is unchanged", S.fingerprint(db)[0] == before[0], "changed")


def full_disk_case():
    if os.geteuid() != 0 or not shutil.which("mount"):
        S.say("  (full disk: not root, so SQLITE_FULL cannot be staged with a small tmpfs; skipped)")
        return
    mount = tempfile.mkdtemp(prefix="full-", dir=S.TMP)
    size = os.path.getsize(S.FIX.packed) + 512 * 1024
    if subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", mount], capture_output=True).returncode:
        S.say("  (full disk: mount -t tmpfs refused; skipped)")
        return
    try:
        db = os.path.join(mount, "plan.sqlite")
        shutil.copyfile(S.FIX.packed, db)
        # The WAL index (-shm) exists beforehand, so the first write that needs room is the WAL's.
        with open(db + "-shm", "wb") as handle:
            handle.write(b"\0" * 32768)
        try:
            with open(os.path.join(mount, "filler"), "wb") as handle:
                while True:
                    handle.write(b"\0" * 4096)
                    handle.flush()
        except OSError:
            pass
        r = run_measured(["pack", "1"], db, env())
        expect("storage: a full disk -> exit 74, one plain line, no SQL", r, {74})
        S.check("storage: the full-disk message says so", "full" in r.err, describe(r))
        os.remove(os.path.join(mount, "filler"))
        S.check("storage: the database is sound after the full disk", S.integrity(db) == "ok", S.integrity(db))
    finally:
        subprocess.run(["umount", "-l", mount], capture_output=True)

"""Round four, trips (issue 32): trips changed while packing, edits racing each other, resumes, the pack
guard, and the small ones (a first stop of no nights, --like's name, replay after the stops changed).

Races are held by the hostile stand-in (m-hold-answer, g-hold: held until /_release), not by sleeping;
only the guard's reproduction starts its two packs 0.5 s apart against a /props that takes 1 s.
"""

import datetime as dt
import json
import os
import signal
import sqlite3
import subprocess
import tempfile
import time

S = None
H = None


def parts():
    return [edit_during_pack, resume_after_edit, lost_stop, out_of_date_by_revision, pack_guard,
            first_stop_of_no_nights, like_names_from_own_places, replay_after_stops_changed]


def day(base, days):
    return (dt.date.fromisoformat(base) + dt.timedelta(days=days)).isoformat()


def start(args, db, extra):
    """plan in the background; returns the process (its output in temporary files)."""
    out, err = tempfile.TemporaryFile(dir=S.TMP), tempfile.TemporaryFile(dir=S.TMP)
    proc = subprocess.Popen([S.PLAN] + list(args), stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                            env=S.plan_env(db, extra))
    proc.out, proc.err = out, err
    with S.CHILDREN_LOCK:
        S.CHILDREN.add(proc)
    return proc


def finish(proc, timeout=60):
    try:
        code = proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        code = "timeout"
        proc.wait()
    with S.CHILDREN_LOCK:
        S.CHILDREN.discard(proc)
    proc.out.seek(0)
    proc.err.seek(0)
    out, err = proc.out.read().decode("utf-8", "replace"), proc.err.read().decode("utf-8", "replace")
    proc.out.close()
    proc.err.close()
    return code, out, err


def wait_until(condition, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def held(at_least=1):
    return H.control("/_held")["now"] >= at_least


def sql(db, statement):
    connection = sqlite3.connect(db, timeout=30)
    with connection:
        connection.execute(statement)
    connection.close()
    S.checkpoint(db)


def edit_during_pack():
    """Finding 1: an edit while the pack waits on the model: the list is stored out of date, with a notice."""
    db = S.copy_db(S.FIX.empty_trip, "t-edit-during-pack")
    H.control("/_hold")
    pack = start(["pack", "1"], db, H.env(model="m-hold-answer"))
    reached = wait_until(held)
    S.check("edit during pack: the pack reached its answer round (held)", reached, "never held")
    r = H.run_measured(["edit", "1", "--to", day(S.FIX.d2, 2)], db, H.env())
    H.expect("edit during pack: the edit exits 0", r, {0})
    H.control("/_release")
    code, _, err = finish(pack)
    S.check("edit during pack: the pack exits 0", code == 0, f"exit {code}: {err[-300:]}")
    stored = H.rows(db, "SELECT out_of_date FROM packing_lists ORDER BY id DESC LIMIT 1")
    S.check("edit during pack: the list made for the old dates is stored out of date",
            bool(stored) and stored[0][0] is not None, str(stored))
    S.check("edit during pack: the pack says so", "out of date" in err, err[-300:])


def resume_after_edit():
    """Finding 2: a pack killed mid-answer, then an edit: the next pack starts afresh and says why."""
    db = S.copy_db(S.FIX.empty_trip, "t-resume-after-edit")
    H.control("/_hold")
    pack = start(["pack", "1"], db, H.env(model="m-hold-answer"))
    reached = wait_until(held)
    S.check("resume after edit: the first pack reached its answer round (held)", reached, "never held")
    pack.send_signal(signal.SIGKILL)
    finish(pack)
    H.control("/_release")
    r = H.run_measured(["edit", "1", "--to", day(S.FIX.d2, 2)], db, H.env())
    H.expect("resume after edit: the edit exits 0", r, {0})
    r = H.run_measured(["pack", "1"], db, H.env(model="m-ok"))
    H.expect("resume after edit: the next pack exits 0", r, {0})
    S.check("resume after edit: it does not resume the session made for the old dates",
            "resumed interrupted session" not in r.err, r.err[-300:])
    S.check("resume after edit: it says why it starts afresh (one line)",
            sum("starting afresh" in line for line in r.err.splitlines()) == 1, r.err[-300:])
    newest = H.rows(db, "SELECT relation FROM sessions ORDER BY id DESC LIMIT 1")
    S.check("resume after edit: the new session is not a resumption", newest == [(None,)], str(newest))


def lost_stop():
    """Finding 3: `edit --leg 2 --destination` waiting on the geocoder; a `leg add` meanwhile is kept."""
    db = S.copy_db(S.FIX.empty_trip, "t-lost-stop")
    r = H.run_measured(["leg", "add", "1", "Boulder, CO", "--to", day(S.FIX.d2, 2)], db, H.env())
    H.expect("lost stop: a second stop is added", r, {0})
    H.control("/_hold")
    geo = {"PLAN_GEOCODER_URL": f"{H.HOSTILE['url']}/g-hold", "PLAN_NOMINATIM_URL": f"{H.HOSTILE['url']}/g-hold"}
    edit = start(["edit", "1", "--leg", "2", "--destination", "Zzyzx Springs"], db, H.env(extra=geo))
    reached = wait_until(held)
    S.check("lost stop: the edit waits on the geocoder (held)", reached, "never held")
    r = H.run_measured(["leg", "add", "1", "Phoenix, AZ", "--to", day(S.FIX.d2, 4)], db, H.env())
    H.expect("lost stop: `leg add` meanwhile exits 0", r, {0})
    H.control("/_release")
    code, _, err = finish(edit)
    S.check("lost stop: the edit exits 0", code == 0, f"exit {code}: {err[-300:]}")
    legs = [row[0] for row in H.rows(db, "SELECT destination FROM trip_legs WHERE trip_id = 1 ORDER BY position")]
    S.check("lost stop: the stop added meanwhile is still there, and the edit's place too",
            legs == ["Denver, CO", "Zzyzx Springs", "Phoenix, AZ"], str(legs))
    S.check("lost stop: integrity ok", S.integrity(db) == "ok", S.integrity(db))


def out_of_date_by_revision():
    """Finding 4: one edit under a clock a year ahead; the next pack's list is current all the same."""
    db = S.copy_db(S.FIX.empty_trip, "t-clock-ahead")
    r = H.run_measured(["pack", "1"], db, H.env())
    H.expect("clock ahead: the first pack exits 0", r, {0})
    r = H.run_measured(["edit", "1", "--activities", "hiking"], db, H.env())
    H.expect("clock ahead: the edit exits 0", r, {0})
    # The edit as if made under a clock a year ahead.
    sql(db, "UPDATE trips SET changed_at = changed_at + 366 * 86400")
    r = H.run_measured(["pack", "1"], db, H.env())
    H.expect("clock ahead: the next pack exits 0", r, {0})
    r = H.run_measured(["show", "1", "--json"], db, H.env())
    try:
        listed = json.loads(r.out).get("packingList") or {}
    except ValueError:
        listed = {}
    S.check("clock ahead: the new list is current (not out of date for a year)",
            listed.get("outOfDate") is False, r.out[:300] + r.err[-200:])


def pack_guard():
    """Finding 5: two packs 0.5 s apart against a /props of 1 s: exactly one runs, the other exits 75."""
    db = S.copy_db(S.FIX.empty_trip, "t-pack-guard")
    first = start(["pack", "1"], db, H.env(model="m-slow-props"))
    time.sleep(0.5)
    second = start(["pack", "1"], db, H.env(model="m-slow-props"))
    results = [finish(first), finish(second)]
    codes = sorted(str(code) for code, _, _ in results)
    S.check("pack guard: one pack runs and the other exits 75", codes == ["0", "75"],
            f"{codes}: " + " | ".join(err[-160:] for _, _, err in results))
    sessions = H.rows(db, "SELECT count(*) FROM sessions WHERE purpose = 'pack'")
    S.check("pack guard: one pack session", sessions == [(1,)], str(sessions))


def first_stop_of_no_nights():
    """Finding 6: a first stop of 0 nights with stops after it: exit 64, one plain line, nothing stored."""
    db = S.copy_db(S.FIX.empty_trip, "t-zero-nights")
    before = S.fingerprint(db)
    r = H.run_measured(["add", "Denver, CO", "--from", S.FIX.d1, "--to", S.FIX.d1, "--then", "Boulder, CO",
                        "--to", S.FIX.d2], db, H.env())
    H.expect("zero nights: a first stop of no nights is refused (64)", r, {64})
    S.check("zero nights: the message names stop 1", "stop 1" in r.err, r.err[-300:])
    S.check("zero nights: the database is unchanged", S.fingerprint(db) == before, "changed")


def like_names_from_own_places():
    """Finding 7: --like of a one-stop trip whose name names its place: the new trip is named from its own."""
    db = S.copy_db(S.FIX.empty_trip, "t-like-name")
    r = H.run_measured(["edit", "1", "--name", "Ski week in Denver"], db, H.env())
    H.expect("like: the old trip is renamed", r, {0})
    r = H.run_measured(["add", "Boulder, CO", "--from", S.FIX.d1, "--to", S.FIX.d2, "--then", "Phoenix, AZ",
                        "--to", day(S.FIX.d2, 2), "--like", "1", "--json"], db, H.env())
    H.expect("like: add --like exits 0", r, {0})
    try:
        name = json.loads(r.out).get("name", "")
    except ValueError:
        name = ""
    S.check("like: the new trip's name does not keep the old place", name and "Denver" not in name, repr(name))


def replay_after_stops_changed():
    """Finding 8: replay after a stop was added replays the session's own stops (not exit 66)."""
    db = S.copy_db(S.FIX.model_packed, "t-replay-stops")
    r = H.run_measured(["leg", "add", "1", "Boulder, CO", "--to", day(S.FIX.d2, 2)], db, H.env())
    H.expect("replay: a stop is added after the pack", r, {0})
    r = H.run_measured(["replay", "1"], db, H.env(model="m-ok"))
    H.expect("replay: replay after the stops changed exits 0", r, {0})

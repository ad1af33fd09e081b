"""Round five, area `storage` (issue 41, points 4 and 6): the database failing in words, an offline machine
that answers at once, and the command line's single-value options. Each check names the finding and what must
hold: the documented exit code, at most two short stderr lines, no crash, and the database unchanged where the
command failed; wall time only where a wait was the finding.
"""

import datetime as dt
import os
import sqlite3

from hostile_round_three import run_without_room  # a full disk for plan's process only

S = None
H = None


def parts():
    return [dates, full_disk_without_shm, damaged_migration_state, offline_machine, single_value_options,
            database_folder_typo]


def full_disk_without_shm():
    """Finding 4c: with no -shm beside the database and no room to make one, show and list said "disk I/O
    error". Reading works: SQLite keeps the WAL index in memory (exclusive locking, this process alone)."""
    db = S.copy_db(S.FIX.packed, "full-disk-no-shm")
    for suffix in ("-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    ticks = H.rows(db, "SELECT count(*) FROM list_changes")
    for suffix in ("-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    before = S.fingerprint(db)[0]
    offline = {"PLAN_OFFLINE": "1"}
    r = run_without_room(["list"], db, offline, 4096)
    H.expect("round-5 full disk, no -shm: list -> 0", r, {0})
    S.check("round-5 full disk, no -shm: list printed the trip", "Denver" in r.out, H.describe(r))
    r = run_without_room(["show", "1"], db, offline, 4096)
    H.expect("round-5 full disk, no -shm: show -> 0", r, {0})
    S.check("round-5 full disk, no -shm: show printed the list", "Packing list" in r.out, H.describe(r))
    S.check("round-5 full disk, no -shm: no 'disk I/O error'", "disk I/O" not in r.err, H.describe(r))
    r = run_without_room(["check", "1", "1"], db, offline, 4096)
    H.expect("round-5 full disk, no -shm: check (a write) -> 74 in plain words", r, {74})
    # The failed write may leave a torn frame in the -wal, which SQLite ignores: the file and its rows are unchanged.
    S.check("round-5 full disk, no -shm: the database file is unchanged", S.fingerprint(db)[0] == before, "changed")
    S.check("round-5 full disk, no -shm: no tick was recorded", H.rows(db, "SELECT count(*) FROM list_changes") == ticks,
            "a tick was recorded")


def damaged_migration_state():
    """Finding 4b: a lowered user_version or a dropped table made every command exit 70 ("duplicate column
    name", "no such table"): a damaged database is 65 with what is wrong and how to recover."""
    db = S.copy_db(S.FIX.packed, "lowered-version")
    connection = sqlite3.connect(db)
    connection.execute("PRAGMA user_version = 12")
    connection.close()
    before = S.fingerprint(db)
    for args in (["list"], ["show", "1", "--offline"], ["doctor", "--offline"]):
        r = H.run_measured(args, db)
        H.expect(f"round-5 lowered user_version: {' '.join(args)} -> 65", r, {65})
        S.check(f"round-5 lowered user_version: {' '.join(args)} says the database is damaged",
                "damaged" in r.err and "duplicate column" not in r.err, H.describe(r))
    S.check("round-5 lowered user_version: the database is unchanged", S.fingerprint(db) == before, "changed")
    db = S.copy_db(S.FIX.packed, "dropped-table")
    connection = sqlite3.connect(db)
    connection.execute("DROP TABLE list_changes")
    connection.close()
    r = H.run_measured(["show", "1", "--offline"], db)
    H.expect("round-5 dropped table: show -> 65", r, {65})
    S.check("round-5 dropped table: names the missing table", "no such table: list_changes" in r.err, H.describe(r))


def offline_machine():
    """Finding 6a: with no network every refused connection was retried with backoff (14-20 s for three
    stops). A refused host is asked once in a run: the pack gives its general list at once."""
    db = S.copy_db(S.FIX.empty_trip, "offline-three-stops")
    refused = "http://127.0.0.1:9"
    extra = {"PLAN_NWS_URL": refused, "PLAN_OPEN_METEO_URL": refused, "PLAN_CLIMATE_URL": refused,
             "PLAN_MARINE_URL": refused, "PLAN_HTTP_RETRIES": "5", "PLAN_HTTP_TIMEOUT": "15"}
    r = H.run_measured(["pack", "Moab, UT", "--from", S.FIX.d1, "--to", S.FIX.d2, "--then", "Paris, France", "--to",
                        S.FIX.d2_later, "--then", "Tokyo", "--to", S.FIX.d2_last], db, extra)
    H.expect("round-5 offline: a pack of three stops with every service refusing -> 0 within 5 s", r, {0}, max_seconds=5)
    S.check("round-5 offline: the list says it is general", "general list" in r.out, H.describe(r))


def single_value_options():
    """Finding 6b: --from and --children given twice took the last value silently."""
    db = S.copy_db(S.FIX.empty_trip, "options-twice")
    before = S.fingerprint(db)
    for args, option in ((["add", "Denver, CO", "--from", S.FIX.d1, "--from", S.FIX.d2, "--to", S.FIX.d2], "--from"),
                         (["add", "Denver, CO", "--from", S.FIX.d1, "--to", S.FIX.d2, "--children", "3", "--children", "4"],
                          "--children"),
                         (["pack", "1", "--model", "builtin", "--model", "builtin"], "--model")):
        r = H.run_measured(args, db)
        H.expect(f"round-5 {option} twice -> 64", r, {64})
        S.check(f"round-5 {option} twice names it", f"{option} is given twice" in r.err, H.describe(r))
    S.check("round-5 options twice: the database is unchanged", S.fingerprint(db) == before, "changed")


def database_folder_typo():
    """Finding 6c: PLAN_DB in a folder that does not exist made the folders and a new, empty database."""
    folder = os.path.join(S.TMP, "round-5-typo")
    r = H.run_measured(["list"], os.path.join(folder, "dtaa", "plan.sqlite"))
    H.expect("round-5 PLAN_DB folder typo -> 74", r, {74})
    S.check("round-5 PLAN_DB folder typo: says the folder does not exist", "does not exist" in r.err, H.describe(r))
    S.check("round-5 PLAN_DB folder typo: no folder made", not os.path.exists(folder), folder)


def dates():
    """The later stop dates the offline check uses (after the suite's template trip)."""
    end = dt.date.fromisoformat(S.FIX.d2)
    S.FIX.d2_later = (end + dt.timedelta(days=2)).isoformat()
    S.FIX.d2_last = (end + dt.timedelta(days=4)).isoformat()

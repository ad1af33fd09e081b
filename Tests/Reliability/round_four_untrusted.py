"""Round four, area `untrusted` (issue 32): numbers and text from the database, the services and model
servers. Each check names its finding; the scenarios are in hostile_server.py's round-four block.

1, 2: a stored count past belief (2^62 tokens, reasoning tokens near 2^63) is exit 65 naming the row.
3: line breaks and tabs from services never start a line of their own or break a table.
4: a /v1/models listing over 1 MB does not fail a pack; doctor says the server is reachable.
5: engine profiles are kept per base URL and model name.
6: Retry-After 0 or a past date waits between tries; a 2099 date or 10^9 s prints a date.
7: a streamed request answered with plain JSON is read as the answer.
8: Ollama's usage figure is never taken for the window.
9: years 1 and 9999 are printed with their year.
"""

import os
import re
import time

import hostile_round_three

S = None
H = None


def parts():
    return [counts, lines_from_services, model_listing, profiles_by_model, retry_after, plain_json_stream,
            usage_is_not_a_window, far_years]


# A copy of a template changed behind plan's back: round three's, on the same suite.
crafted = hostile_round_three.crafted


def counts():
    """Findings 1, 2: huge stored counts are damaged rows (65, the table and id named), never a trap or 70."""
    entry = H.rows(S.FIX.model_packed, "SELECT max(id) FROM transcript_entries")[0][0]
    session = H.rows(S.FIX.model_packed, "SELECT session_id FROM transcript_entries WHERE id = ?", (entry,))[0][0]
    db = crafted(S.FIX.model_packed, "r4-huge-tokens", f"""
        UPDATE transcript_entries SET tokens = 4611686018427387904 WHERE session_id = {session};
        UPDATE sessions SET status = 'interrupted' WHERE id = {session};
        """)
    before = S.fingerprint(db)
    for args in (["history", "show", str(session)], ["history", "--usage"], ["pack", "1"]):
        r = H.run_measured(args, db, H.env(model="m-ok"), timeout=30)
        H.expect(f"untrusted 1: 2^62 tokens -> `{' '.join(args)}` exits 65", r, {65})
        S.check(f"untrusted 1: `{' '.join(args)}` names transcript_entries and a row",
                re.search(r"transcript_entries\.tokens \(row \d+\)", r.err) is not None, H.describe(r))
    S.check("untrusted 1: the database is unchanged", S.fingerprint(db) == before, "changed")
    r = H.run_measured(["doctor", "--offline"], db, H.env())
    S.check("untrusted 1: doctor names the damaged row", "DAMAGED ROW" in r.out and "transcript_entries" in r.out,
            r.out[:600])

    db = crafted(S.FIX.model_packed, "r4-huge-reasoning",
                 "UPDATE sessions SET reasoning_tokens = 9223372036854775000 WHERE id IN (SELECT id FROM sessions LIMIT 2);")
    before = S.fingerprint(db)
    r = H.run_measured(["history", "--usage"], db, H.env())
    H.expect("untrusted 2: reasoning tokens near 2^63 on two sessions -> history --usage exits 65", r, {65})
    S.check("untrusted 2: the row is named (sessions.reasoning_tokens, row id)",
            re.search(r"sessions\.reasoning_tokens \(row \d+\)", r.err) is not None, H.describe(r))
    S.check("untrusted 2: the database is unchanged", S.fingerprint(db) == before, "changed")

    db = crafted(S.FIX.model_packed, "r4-huge-counter", """
        INSERT OR REPLACE INTO counters (name, value) VALUES ('cache.hit', 9223372036854775807), ('cache.miss', 5);
        """)
    r = H.run_measured(["history", "--usage"], db, H.env())
    H.expect("untrusted 1: a cache counter of 2^63-1 -> history --usage exits 65", r, {65})
    S.check("untrusted 1: the counter is named", "counters.value" in r.err, H.describe(r))


def lines_from_services():
    """Finding 3: an alert's event and a geocoded name with a line break or a tab stay on their line."""
    db = S.copy_db(S.FIX.empty_trip, "r4-alert-lines")
    r = H.run_measured(["show", "1"], db, H.env(weather="alert-lines"))
    H.expect("untrusted 3: an alert with a line break -> show exits 0", r, {0})
    forged = [l for l in r.out.splitlines() if l.lstrip().startswith("plan:") or "\t" in l]
    S.check("untrusted 3: the alert's event forges no line in show (and carries no tab)",
            "Winter Storm Warning" in r.out and not forged, "\n".join(r.out.splitlines()[:40]))

    db = S.copy_db(S.FIX.empty_trip, "r4-g-lines")
    extra = {"PLAN_GEOCODER_URL": f"{H.HOSTILE['url']}/g-lines", "PLAN_NOMINATIM_URL": f"{H.HOSTILE['url']}/g-lines"}
    r = H.run_measured(["add", "Zzyzx", "--from", S.FIX.d1, "--to", S.FIX.d2], db, H.env(extra=extra))
    H.expect("untrusted 3: a geocoded name with a line break -> add exits 0", r, {0})
    r = H.run_measured(["list"], db, H.env(extra=extra))
    H.expect("untrusted 3: then list exits 0", r, {0})
    rows = r.out.splitlines()
    columns = [row.find("→") for row in rows[1:]]
    S.check("untrusted 3: list has one line a trip, no tab, the dates in one column",
            len(rows) == 3 and "\t" not in r.out and len(set(columns)) == 1 and columns[0] > 0,
            "\n".join(rows))


def model_listing():
    """Finding 4: a models listing over 1 MB (no /props) is read with its own cap; past it, unavailable."""
    for scenario, label in (("m-models-big", "1.7 MB"), ("m-models-huge", "6 MB")):
        db = S.copy_db(S.FIX.empty_trip, "r4-" + scenario)
        r = H.run_measured(["pack", "1"], db, H.env(model=scenario), timeout=60)
        H.expect(f"untrusted 4: a {label} /v1/models -> pack exits 0", r, {0})
        r = H.run_measured(["doctor"], db, H.env(model=scenario), timeout=60)
        S.check(f"untrusted 4: a {label} /v1/models -> doctor says the model server is reachable",
                "Model" in r.out and "UNREACHABLE" not in r.out.split("Model", 1)[-1], r.out[-800:])
        if scenario == "m-models-huge":
            S.check("untrusted 4: doctor says the model list is unavailable", "model list unavailable" in r.out,
                    r.out[-800:])


def profiles_by_model():
    """Finding 5: a 4,096-token model after a 32,768-token one on the same Ollama runs with 4,096."""
    db = S.copy_db(S.FIX.empty_trip, "r4-ollama-models")
    for name in ("big", "small"):
        r = H.run_measured(["pack", "1", "--fresh"] if name == "small" else ["pack", "1"], db,
                           H.env(model="m-ollama-models", extra={"PLAN_MODEL_NAME": name}), timeout=60)
        H.expect(f"untrusted 5: pack with model {name} exits 0", r, {0})
    sizes = H.rows(db, "SELECT model, context_size FROM sessions ORDER BY id")
    S.check("untrusted 5: each model's sessions have its own window",
            any(m == "big" and c == 32768 for m, c in sizes) and any(m == "small" and c == 4096 for m, c in sizes)
            and not any(m == "small" and c != 4096 for m, c in sizes), str(sizes))


def retry_after():
    """Finding 6: Retry-After 0 or past waits between tries; 2099 or 10^9 s says the day to try again."""
    for scenario in ("m-retry-zero", "m-retry-past"):
        db = S.copy_db(S.FIX.empty_trip, "r4-" + scenario)
        H.control("/_reset")
        started = time.monotonic()
        r = H.run_measured(["ask", "1", "What should I pack?"], db, H.env(model=scenario), timeout=90)
        seconds = time.monotonic() - started
        tries = sum(1 for e in H.requests_log() if e["scenario"] == scenario and e["path"] == "/v1/chat/completions")
        H.expect(f"untrusted 6: {scenario} -> ask gives up with 75", r, {75}, max_seconds=80)
        S.check(f"untrusted 6: {scenario} -> tries are spaced (at least a second apart)",
                tries >= 2 and seconds >= (tries - 1) * 0.9, f"{tries} tries in {seconds:.1f}s")
    for scenario in ("m-retry-2099", "m-retry-huge"):
        db = S.copy_db(S.FIX.empty_trip, "r4-" + scenario)
        r = H.run_measured(["ask", "1", "What should I pack?"], db, H.env(model=scenario), timeout=30)
        H.expect(f"untrusted 6: {scenario} -> ask exits 75 at once", r, {75}, max_seconds=20)
        tomorrow = time.localtime(time.time() + 86_400)
        S.check(f"untrusted 6: {scenario} -> the time to try again carries its date",
                "Try again after" in r.err and str(tomorrow.tm_year) in r.err.split("Try again after", 1)[-1],
                H.describe(r))


def plain_json_stream():
    """Finding 7: a streamed request answered with Content-Type application/json is the answer."""
    db = S.copy_db(S.FIX.empty_trip, "r4-plain-stream")
    r = H.run_measured(["ask", "1", "What should I pack?"], db, H.env(model="m-plain-stream"), timeout=60, tty=True)
    H.expect("untrusted 7: ask (streamed) answered with plain JSON exits 0", r, {0})
    S.check("untrusted 7: the answer is shown", "Warm jacket" in r.out, r.out[-400:])


def usage_is_not_a_window():
    """Finding 8: an Ollama usage of 10 prompt tokens is never recorded as a window."""
    db = S.copy_db(S.FIX.empty_trip, "r4-ollama-usage-10")
    r = H.run_measured(["pack", "1"], db, H.env(model="m-ollama-usage-10"), timeout=90)
    H.expect("untrusted 8: an Ollama counting 10 prompt tokens -> pack ends with a documented code", r,
             {0, 65, 69, 75}, max_seconds=80)
    sizes = [c for (c,) in H.rows(db, "SELECT context_size FROM sessions")]
    S.check("untrusted 8: no session records a window taken from usage", sizes and all(c == 8192 for c in sizes),
            str(sizes))


def far_years():
    """Finding 9: dates in years 1 and 9999 say their year, wherever a day is printed."""
    trip_days = {"1": r"(?:Mon Jan 1|Tue Jan 2|Wed Jan 3)", "9999": r"(?:Wed Dec 29|Thu Dec 30|Fri Dec 31)"}
    for start, end, year in (("0001-01-01", "0001-01-03", "1"), ("9999-12-29", "9999-12-31", "9999")):
        day = re.compile(r"\b" + trip_days[year] + r"\b")
        db = S.copy_db(S.FIX.empty_trip, f"r4-year-{year}")
        r = H.run_measured(["edit", "1", "--from", start, "--to", end], db, H.env())
        if r.code != 0:
            S.check(f"untrusted 9: edit to {start} is refused as bad input, or done", r.code in (64, 65), H.describe(r))
            continue
        r = H.run_measured(["show", "1"], db, H.env())
        bare = [m.group(0) for m in day.finditer(r.out + r.err)
                if not (r.out + r.err)[m.end():].startswith((" " + year, ", " + year))]
        S.check(f"untrusted 9: every day printed in year {year} says its year", r.code in (0, 69, 75) and not bare,
                f"bare: {bare[:5]}\n" + H.describe(r) + "\n" + r.out[:600])

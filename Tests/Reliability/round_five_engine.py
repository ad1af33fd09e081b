"""Round five, area `engine` (issue 41, point 1): engine memory a server cannot poison. The scenarios are in
hostile_server.py's round-five block (no /props; the first chat request after /_reset is the poison).

1: an overflow naming a 16-token window is not remembered; no session counts with 16 tokens; the next pack
   exits 0; doctor shows no such window.
2: a refusal asking for `messages` to be sent as `input` is not learnt; the next pack exits 0.
3: `doctor --forget` exits 0 and says what it forgot, then that nothing is left.
"""

S = None
H = None


def parts():
    return [tiny_window, renamed_messages, forget]


def profiles(db):
    return " ".join(text for (text,) in H.rows(db, "SELECT profile FROM engine_profiles"))


def poisoned_then_clean(scenario, finding, attack):
    """A pack whose first request is the poison (the server answers well after it) ends with a documented
    code. The database, for the checks of what was kept."""
    db = S.copy_db(S.FIX.empty_trip, "r5-" + scenario)
    H.control("/_reset")
    r = H.run_measured(["pack", "1"], db, H.env(model=scenario), timeout=90)
    H.expect(f"engine {finding}: {attack} -> pack ends with a documented code", r, {0, 65, 69})
    return db


def next_pack(scenario, finding, db):
    """The next pack against the same server exits 0."""
    r = H.run_measured(["pack", "1"], db, H.env(model=scenario), timeout=90)
    H.expect(f"engine {finding}: the next pack exits 0", r, {0})


def tiny_window():
    """Finding 1: one overflow naming 16 tokens is not a window."""
    db = poisoned_then_clean("m-poison-window", 1, "an overflow naming a 16-token window")
    S.check("engine 1: the 16-token window is not remembered", '"contextSize":16' not in profiles(db), profiles(db)[:400])
    sizes = [c for (c,) in H.rows(db, "SELECT context_size FROM sessions")]
    S.check("engine 1: no session counts with a 16-token window", sizes and 16 not in sizes, str(sizes))
    next_pack("m-poison-window", 1, db)
    r = H.run_measured(["doctor", "--json"], db, H.env(model="m-poison-window"), timeout=60)
    S.check("engine 1: doctor shows no 16-token window", '"contextSize":16' not in r.out.replace(" ", ""), r.out[-600:])


def renamed_messages():
    """Finding 2: a refusal teaching plan to rename `messages` teaches nothing."""
    db = poisoned_then_clean("m-poison-rename", 2, "'use input instead of messages'")
    S.check("engine 2: no rename of messages is remembered", '"messages"' not in profiles(db), profiles(db)[:400])
    next_pack("m-poison-rename", 2, db)
    sent = [e for e in H.requests_log() if e["scenario"] == "m-poison-rename" and e["path"] == "/v1/chat/completions"]
    S.check("engine 2: every request sent messages", sent and all("messages" in e["keys"] for e in sent),
            str([e["keys"] for e in sent][:6]))


def forget():
    """Finding 3: a way to forget what plan learnt about a server, saying what."""
    db = S.copy_db(S.FIX.empty_trip, "r5-forget")
    r = H.run_measured(["pack", "1"], db, H.env(model="m-ok"), timeout=90)
    H.expect("engine 3: pack with m-ok exits 0", r, {0})
    r = H.run_measured(["doctor", "--forget"], db, H.env(model="m-ok"))
    H.expect("engine 3: doctor --forget exits 0", r, {0})
    S.check("engine 3: it says what it forgot", "Forgot" in r.out and "m-ok" in r.out, r.out[-400:])
    S.check("engine 3: nothing is remembered after", not H.rows(db, "SELECT 1 FROM engine_profiles"), profiles(db)[:200])
    r = H.run_measured(["doctor", "--forget", "--json"], db, H.env(model="m-ok"))
    H.expect("engine 3: doctor --forget --json again exits 0", r, {0})
    S.check("engine 3: it says nothing was left", '"forgotten":false' in r.out.replace(" ", ""), r.out[-400:])

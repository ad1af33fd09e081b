"""Round four (issue 32), area `names`: item names, ticks, own items and exports.

Findings: a model's invisible characters tick nothing and leave a phantom kept item; limits counted in Swift
characters where the tables count code points (exit 70); CSV formulas behind `;`; a 1 MB checklist that names
nothing took 43 s, a FIFO blocked for ever; `item add` racing ticks exited 75; "42" could not be ticked by
name; "at most 501 words" for 3,000 items. S and H are set by hostile_round_four.py.
"""

import csv
import io
import json
import os
import threading

S = None
H = None


def parts():
    return [model_names, typed_names, csv_semicolons, long_checklist, fifo_checklist, add_racing_ticks,
            digits_as_names, too_many_items]


def unchanged(name, db, before):
    S.check(f"{name}: the database is unchanged", S.fingerprint(db) == before, "changed")


def packed_names_db(label):
    """A copy of the empty trip packed with m-names (the stand-in's model answering hostile names)."""
    db = S.copy_db(S.FIX.empty_trip, label)
    r = H.run_measured(["pack", "1"], db, H.env(model="m-names"))
    H.expect(f"names: pack with invisible, long and formula names exits 0 ({label})", r, {0})
    return db


def items(db):
    r = H.run_measured(["show", "1", "--json"], db, H.env())
    try:
        return json.loads(r.out)["packingList"]["items"]
    except (ValueError, KeyError, TypeError):
        return []


def model_names():
    """Findings 1, 2: soft hyphen / ZWSP / BOM names tick; a 220-code-point name does not make --all exit 70."""
    db = packed_names_db("names-model")
    shown = items(db)
    names = [i.get("name", "") for i in shown]
    hidden = [n for n in names if any(c in n for c in "\u00ad\u200b\ufeff\u2060")]
    S.check("names: no stored name holds an invisible character", not hidden and "Sunscreen" in names,
            repr(names)[:300])
    number = next((i.get("number") for i in shown if i.get("name") == "Sunscreen"), None)
    r = H.run_measured(["check", "1", str(number or 1)], db, H.env())
    H.expect("names: check <Sunscreen's number> exits 0", r, {0})
    after = items(db)
    ticked = [i.get("name") for i in after if i.get("packed")]
    S.check("names: the item ticked is the one named, and no phantom kept item appears",
            ticked == ["Sunscreen"] and len(after) == len(shown), f"{ticked} {len(shown)}→{len(after)}")
    r = H.run_measured(["check", "1", "rain jacket"], db, H.env())
    H.expect("names: check 'rain jacket' (the model wrote a zero-width space in it) exits 0", r, {0})
    r = H.run_measured(["check", "1", "--all"], db, H.env())
    H.expect("names: check --all with a 44-character, 220-code-point name exits 0", r, {0})
    after = items(db)
    S.check("names: --all ticked every item", after and all(i.get("packed") for i in after), repr(after)[:300])
    longest = H.rows(db, "SELECT max(length(name)) FROM list_changes")[0][0]
    S.check("names: every stored name fits its column", longest is not None and longest <= 200, str(longest))


def typed_names():
    """Finding 2: 101 flags are 202 code points: a clear 64, nothing written; a family emoji is a name."""
    db = S.copy_db(S.FIX.packed, "names-typed")
    before = S.fingerprint(db)
    r = H.run_measured(["item", "add", "1", "🇫🇷" * 101], db, H.env())
    H.expect("names: item add of 101 flag emoji -> 64 (not 70)", r, {64})
    S.check("names: the message says it is too long", "too long" in r.err, H.describe(r))
    r = H.run_measured(["item", "add", "1", "Hat", "--category", "🇫🇷" * 31], db, H.env())
    H.expect("names: a category of 31 flags (62 code points) -> 64", r, {64})
    unchanged("names: refused names", db, before)
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467 games"
    r = H.run_measured(["item", "add", "1", family], db, H.env())
    H.expect("names: item add of a family emoji (a joiner sequence) exits 0", r, {0})
    stored = H.rows(db, "SELECT name FROM list_changes WHERE action = 'add'")
    S.check("names: the family emoji is stored with its joiners", stored == [(family,)], repr(stored))


def csv_semicolons():
    """Finding 3: a field with ';' is quoted, so a ';' reader sees one inert cell."""
    db = packed_names_db("names-csv")
    r = H.run_measured(["show", "1", "--csv"], db, H.env())
    H.expect("names: show --csv exits 0 (CRLF rows, as RFC 4180 has them)", r, {0}, clean=False)
    for delimiter in (",", ";"):
        cells = [cell for row in csv.reader(io.StringIO(r.out), delimiter=delimiter) for cell in row]
        live = [c for c in cells if c.lstrip()[:1] in ("=", "+", "-", "@")]
        S.check(f"names: read with '{delimiter}' as the separator, no cell is a formula", not live, repr(live)[:300])
    r = H.run_measured(["show", "1", "--markdown"], db, H.env())
    H.expect("names: show --markdown exits 0", r, {0})


def long_checklist():
    """Finding 4: a 1 MB checklist whose lines name nothing reads in seconds, not 43 s."""
    db = S.copy_db(S.FIX.packed, "names-1mb")
    path = os.path.join(os.path.dirname(db), "nothing.md")
    line = "- [x] nothing on the list at all, line {:07d}\n"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("".join(line.format(n) for n in range(990_000 // len(line.format(0)))))
    r = H.run_measured(["check", "1", "--from-markdown", path, "--json"], db, H.env(), timeout=60)
    H.expect("names: a 1 MB checklist naming nothing -> exit 0 in under 5 s", r, {0}, max_seconds=5)


def fifo_checklist():
    """Finding 4: a FIFO with no writer, or a device, is refused at once (66), not waited on."""
    db = S.copy_db(S.FIX.packed, "names-fifo")
    before = S.fingerprint(db)
    fifo = os.path.join(os.path.dirname(db), "list.fifo")
    os.mkfifo(fifo)
    r = H.run_measured(["check", "1", "--from-markdown", fifo], db, H.env(), timeout=20)
    H.expect("names: --from-markdown of a FIFO with no writer -> 66 in under 3 s", r, {66}, max_seconds=3)
    r = H.run_measured(["check", "1", "--from-markdown", "/dev/zero"], db, H.env(), timeout=20)
    H.expect("names: --from-markdown /dev/zero -> 66 in under 3 s", r, {66}, max_seconds=3)
    unchanged("names: refused checklists", db, before)


def add_racing_ticks():
    """Finding 5: item add while other processes tick retries as ticks do (no 75)."""
    db = S.copy_db(S.FIX.packed, "names-race")
    results = []

    def run(args):
        results.append((args, H.run_measured(args, db, H.env(), timeout=60)))

    for round_number in range(3):
        threads = [threading.Thread(target=run, args=(["check", "1", str(n)],)) for n in range(1, 5)]
        threads.append(threading.Thread(target=run, args=(["item", "add", "1", f"Own item {round_number}"],)))
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    adds = [r for args, r in results if args[0] == "item"]
    S.check("names: every item add racing ticks exits 0", all(r.code == 0 for r in adds),
            "\n".join(H.describe(r) for r in adds if r.code != 0))
    own = H.rows(db, "SELECT count(*) FROM list_changes WHERE action = 'add'")[0][0]
    S.check("names: the three own items are stored", own == 3, str(own))


def digits_as_names():
    """Finding 6: "42" is a name when asked (--name), and the refusal says so."""
    db = S.copy_db(S.FIX.packed, "names-digits")
    r = H.run_measured(["item", "add", "1", "42"], db, H.env())
    H.expect("names: item add 1 42 (an own item named with digits) exits 0", r, {0})
    r = H.run_measured(["check", "1", "42"], db, H.env())
    H.expect("names: check 1 42 (no item 42, one named so) -> 64", r, {64})
    S.check("names: the message offers --name", "--name" in r.err, H.describe(r))
    r = H.run_measured(["check", "1", "--name", "42", "--json"], db, H.env())
    H.expect("names: check 1 --name 42 exits 0", r, {0})
    try:
        changed = [c["name"] for c in json.loads(r.out)["changed"]]
    except (ValueError, KeyError, TypeError):
        changed = None
    S.check("names: --name 42 ticked the item named 42", changed == ["42"], r.out[:300])


def too_many_items():
    """Finding 7: 3,000 items -> "at most 500 items", not "501 words"."""
    db = S.copy_db(S.FIX.packed, "names-many")
    r = H.run_measured(["check", "1"] + [str(n) for n in range(1, 3001)], db, H.env())
    H.expect("names: check with 3,000 items -> 64", r, {64})
    S.check("names: the message counts items", "at most 500 items" in r.err and "words" not in r.err, H.describe(r))

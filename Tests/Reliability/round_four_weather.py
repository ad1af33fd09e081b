"""Round four (issue 32), area `weather`: a stop's own weather. Each check names the finding and what must hold.

Scenarios of the hostile stand-in (Tests/Fixtures/hostile/hostile_server.py, the `w-*` block): alerts that end
before a stop begins, alerts that fail (500, 3 MB, slow), an archive with no readings for the first trip day,
and a geocoder that names a place with day labels.
"""

import datetime as dt
import json

S = None   # the suite (run.py), set by hostile_round_four.py
H = None   # hostile_services.py, set by hostile_round_four.py


def parts():
    return [alerts_outside_a_stop, show_of_stops, climate_gap, labels_in_a_stop_name, alerts_failing, source_line]


def day(offset):
    return (dt.date.today() + dt.timedelta(days=offset)).isoformat()


def as_json(r):
    try:
        return json.loads(r.out)
    except ValueError:
        return {}


def names(pack):
    return {item.get("name") for item in pack.get("items", [])}


def alerts_outside_a_stop():
    """Finding 1: a Winter Storm Warning that ends the day before the traveller reaches Denver is not Denver's."""
    db = S.copy_db(S.FIX.empty_trip, "w-alerts-early")
    r = H.run_measured(["pack", "Phoenix, AZ", "--from", day(1), "--to", day(3), "--then", "Denver, CO", "--to", day(5),
                        "--json"], db, H.env("w-alerts-early"), timeout=30)
    H.expect("weather: pack Phoenix then Denver (a warning over Denver ending before the stop) exits 0", r, {0})
    pack = as_json(r)
    S.check("weather: no traction devices or car kit for a warning that ended before the stop",
            not names(pack) & {"Traction devices (microspikes or chains)", "Car emergency kit (scraper, blanket, shovel)"},
            str(sorted(n for n in names(pack) if n)))
    S.check("weather: no notice of that warning",
            not any("Winter Storm Warning" in n for n in pack.get("notices", [])), str(pack.get("notices")))
    trip = str(pack.get("trip", 2))
    shown = as_json(H.run_measured(["show", trip, "--json"], db, H.env("w-alerts-early")))
    legs = shown.get("legs") or [{}, {}]
    denver = (legs[-1].get("forecast") or {}).get("alerts")
    S.check("weather: show's Denver stop has no alert either", denver == [], str(denver))


def show_of_stops():
    """Finding 2: show asks each stop's own dates, as pack does: every day of a stop past NWS's week is charted."""
    db = S.copy_db(S.FIX.empty_trip, "w-show-stops")
    r = H.run_measured(["pack", "Denver, CO", "--from", day(1), "--to", day(3), "--then", "Phoenix, AZ", "--to", day(12),
                        "--json"], db, H.env("w-alerts-early"), timeout=30)
    H.expect("weather: pack Denver then Phoenix to day 12 exits 0", r, {0})
    pack = as_json(r)
    S.check("weather: pack has the warning in force over Denver's days",
            any(n.startswith("Winter Storm Warning in Denver") for n in pack.get("notices", [])), str(pack.get("notices")))
    trip = str(pack.get("trip", 2))
    shown = H.run_measured(["show", trip, "--json"], db, H.env("w-alerts-early"))
    H.expect("weather: show of the two stops exits 0", shown, {0})
    legs = as_json(shown).get("legs") or [{}, {}]
    denver, phoenix = (legs[0].get("forecast") or {}), (legs[-1].get("forecast") or {})
    S.check("weather: show has Denver's warning too",
            [a.get("event") for a in denver.get("alerts", [])] == ["Winter Storm Warning"], str(denver.get("alerts")))
    dates = [d.get("date") for d in phoenix.get("days", [])]
    S.check("weather: show charts every Phoenix day, day 3 to day 12", dates == [day(i) for i in range(3, 13)], str(dates))
    S.check("weather: no Phoenix day is missing", phoenix.get("missingDays") == [], str(phoenix.get("missingDays")))
    text = H.run_measured(["show", trip], db, H.env("w-alerts-early"))
    S.check("weather: show's text says no stop lacks a forecast", "none could be had" not in text.out
            and "No forecast or climate could be had" not in text.out, text.out[-600:])


def climate_gap():
    """Finding 3: the first trip day has too few archive readings; every other day keeps its own climate."""
    db = S.copy_db(S.FIX.empty_trip, "w-climate-gap")
    r = H.run_measured(["add", "Denver, CO", "--from", day(40), "--to", day(43)], db, H.env("w-climate-gap"))
    H.expect("weather: add a trip 40 days out exits 0", r, {0})
    shown = H.run_measured(["show", "2", "--json"], db, H.env("w-climate-gap"))
    H.expect("weather: show of a trip whose first day has no climate exits 0", shown, {0})
    days = {d.get("date"): d.get("high") for d in (as_json(shown).get("forecast") or {}).get("days", [])}
    # The stand-in's highs rise 10°F a pool day from the 3rd: day 2's median is 75, day 3's 80, day 4's 85.
    expected = {day(41): 75, day(42): 80, day(43): 85}
    S.check("weather: each climate day is its own date's (none shifted, the last one kept)",
            all(days.get(k) == v for k, v in expected.items()) and day(40) not in days, str(days))


def labels_in_a_stop_name():
    """Finding 4: a stop named with 14 day labels: the pack ends quickly and its reasons do not grow."""
    db = S.copy_db(S.FIX.empty_trip, "w-labels")
    url = f"{H.HOSTILE['url']}/w-labels"
    extra = {"PLAN_GEOCODER_URL": url, "PLAN_NOMINATIM_URL": url}
    # The labelled stop first, for 12 of the 13 nights: the rules cite its days, whose labels its name holds.
    r = H.run_measured(["pack", "Zzyzx Springs", "--from", day(1), "--to", day(13), "--then", "Denver, CO", "--to", day(14),
                        "--json"], db, H.env("w-labels", extra=extra), timeout=30)
    H.expect("weather: pack with a stop named by day labels exits 0 within 20 s", r, {0}, max_seconds=20)
    longest = H.rows(db, "SELECT max(length(list)) FROM packing_lists")[0][0] or 0
    S.check("weather: the stored list stays small (under 60 KB)", longest < 60_000, str(longest))
    reasons = [i.get("reason", "") for i in as_json(r).get("items", [])]
    S.check("weather: no reason over 2,000 characters", all(len(x) < 2_000 for x in reasons),
            str(max((len(x) for x in reasons), default=0)))


def alerts_failing():
    """Finding 5: when /alerts/active fails (500, 3 MB, slow), pack says so in its notices, as show does."""
    for scenario, label in (("w-alerts-500", "a 500"), ("w-alerts-huge", "3 MB"), ("w-alerts-slow", "a slow answer")):
        db = S.copy_db(S.FIX.empty_trip, scenario)
        env = H.env(scenario, extra={"PLAN_HTTP_TIMEOUT": "2"})
        r = H.run_measured(["pack", "1", "--json"], db, env, timeout=40)
        H.expect(f"weather: alerts answer {label} -> pack exits 0", r, {0}, max_seconds=15)
        notices = as_json(r).get("notices", [])
        S.check(f"weather: alerts answer {label} -> pack's notices say the alerts could not be read",
                any("NWS alerts could not be read" in n for n in notices), str(notices))


def source_line():
    """Finding 6: the source line names only the sources that gave one of the stop's days."""
    db = S.copy_db(S.FIX.empty_trip, "w-source")
    # Phoenix from day 8: past the stand-in's NWS week, so Open-Meteo gives its days and NWS none.
    r = H.run_measured(["add", "Denver, CO", "--from", day(1), "--to", day(8), "--then", "Phoenix, AZ", "--to", day(11)],
                       db, H.env("w-alerts-early"))
    H.expect("weather: add Denver then Phoenix from day 8 exits 0", r, {0})
    shown = H.run_measured(["show", "2"], db, H.env("w-alerts-early"))
    lines = [l for l in shown.out.splitlines() if "Forecast    " in l]
    S.check("weather: Phoenix's source line does not name NWS, which gave none of its days",
            len(lines) == 2 and "NWS" not in lines[1] and "Open-Meteo" in lines[1], "\n".join(lines))

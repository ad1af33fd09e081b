#!/usr/bin/env python3
"""The counting side of bench/context.sh.

  context.py SESSION_JSON RAW_FORECAST START END [TOKENIZE_URL]

SESSION_JSON is `plan history show <session> --json`; RAW_FORECAST is the NWS gridpoint forecast
exactly as the stand-in served it; START/END are the trip's dates (YYYY-MM-DD). With TOKENIZE_URL
(llama-server's /tokenize) tokens are exact for that model; without it they are estimated as
ceil(UTF-8 bytes / 4), and the output says so.
"""
import datetime
import json
import math
import os
import re
import sys
import urllib.request


def tokenizer(url):
    if not url:
        return (lambda text: math.ceil(len(text.encode()) / 4)), "estimate: ceil(UTF-8 bytes / 4)"

    def count(text):
        request = urllib.request.Request(url, data=json.dumps({"content": text}).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            return len(json.load(response)["tokens"])
    return count, f"llama-server /tokenize ({url})"


def label(date):
    return f"{date:%a %b} {date.day}:"


def numbers(text):
    return [int(n) for n in re.findall(r"\d+", text or "")]


def check(plan_text, periods, start, end):
    """Is every trip day's weather still in plan's text? Returns (all_ok, report lines)."""
    lines = plan_text.splitlines()
    ok = True
    report = []
    dropped = []
    day = start
    while day <= end:
        mine = [p for p in periods if datetime.date.fromisoformat(p["startTime"][:10]) == day]
        line = next((l for l in lines if l.startswith(label(day))), None)
        if line is None:
            report.append(f"    {day}: NO LINE in plan's text")
            ok = False
            day += datetime.timedelta(days=1)
            continue
        found = {}
        # Temperatures: every period's (day high, night low).
        found["temperatures"] = all(re.search(rf"\b{p['temperature']}\b", line) for p in mine)
        # Short forecasts: every period's.
        found["short forecasts"] = all(p["shortForecast"] in line for p in mine)
        # Precipitation chance: plan gives the day's highest; the other period's value is dropped.
        pops = [p["probabilityOfPrecipitation"]["value"] for p in mine
                if (p.get("probabilityOfPrecipitation") or {}).get("value") is not None]
        found["precipitation (day's max)"] = (not pops) or f"{max(pops)}%" in line
        if len(set(pops)) > 1:
            dropped.append(f"{day}: precipitation {'/'.join(f'{v}%' for v in pops)} -> {max(pops)}%")
        # Wind: plan gives the highest speed of the day's ranges, and the highest gust.
        speeds = [max(numbers(p["windSpeed"])) for p in mine if numbers(p["windSpeed"])]
        found["wind (day's max)"] = (not speeds) or f"wind {max(speeds)} mph" in line
        gusts = [max(numbers(p.get("windGust"))) for p in mine if numbers(p.get("windGust"))]
        found["gusts (day's max)"] = (not gusts) or f"gusts {max(gusts)}" in line
        dropped.append(f"{day}: wind " + " / ".join(f"{p['windSpeed']} {p['windDirection']}" for p in mine)
                       + f" -> {max(speeds)} mph" + (f", gusts {max(gusts)}" if gusts else ""))
        missing = [name for name, present in found.items() if not present]
        ok = ok and not missing
        report.append(f"    {label(day)[:-1]:<11} {'all present' if not missing else 'MISSING: ' + ', '.join(missing)}"
                      f"  ({', '.join(found)})")
        day += datetime.timedelta(days=1)
    return ok, report, dropped


def main(argv):
    if len(argv) not in (5, 6):
        sys.exit(__doc__)
    session = json.load(open(argv[1]))
    raw = open(argv[2], "rb").read().decode()
    start, end = datetime.date.fromisoformat(argv[3]), datetime.date.fromisoformat(argv[4])
    count, how = tokenizer(argv[5] if len(argv) == 6 else None)

    outputs = [e for e in session["entries"] if e["kind"] == "toolOutput"]
    forecast_outputs = [e for e in outputs if e["tool"] == "forecast"]
    if len(forecast_outputs) != 1:
        sys.exit(f"expected one forecast tool output, found {len(forecast_outputs)}")
    plan_text = forecast_outputs[0]["text"]
    document = json.loads(raw)
    periods = document["properties"]["periods"]
    trip_periods = [p for p in periods if start <= datetime.date.fromisoformat(p["startTime"][:10]) <= end]
    minified = json.dumps(document, separators=(",", ":"), ensure_ascii=False)
    trip_only = json.dumps(trip_periods, separators=(",", ":"), ensure_ascii=False)

    plan_tokens = count(plan_text)
    raw_tokens = count(raw)
    print(f"  tokenizer: {how}")
    print(f"  plan's forecast tool output ({len(plan_text.encode())} bytes, {len(plan_text.splitlines())} lines):")
    for line in plan_text.splitlines():
        print(f"    | {line}")
    print()
    print(f"  {'what goes into the context':<64} {'bytes':>7} {'tokens':>7}")
    print(f"  {'plan: forecast tool output':<64} {len(plan_text.encode()):>7} {plan_tokens:>7}")
    print(f"  {'original way: whole NWS forecast JSON as served (14 periods)':<64} {len(raw.encode()):>7} {raw_tokens:>7}")
    print(f"  {'  (for reference) the same JSON minified':<64} {len(minified.encode()):>7} {count(minified):>7}")
    print(f"  {'  (for reference) only the trip days periods, all fields, minified':<64} "
          f"{len(trip_only.encode()):>7} {count(trip_only):>7}")
    all_outputs = "\n".join(e["text"] for e in outputs)
    print(f"  {'  (for reference) plan: all tool output (geocode + forecast)':<64} "
          f"{len(all_outputs.encode()):>7} {count(all_outputs):>7}")
    print(f"  plan's own estimate stored in the transcript for the forecast output: {forecast_outputs[0]['tokens']} tokens")
    ratio = raw_tokens / plan_tokens
    print(f"  whole JSON / plan = {ratio:.1f}x; plan puts {100 * plan_tokens / raw_tokens:.1f}% of the tokens into the context")
    print()
    ok, report, dropped = check(plan_text, trip_periods, start, end)
    print(f"  check: each trip day's temperatures, precipitation chance, wind and short forecasts in plan's text: "
          f"{'PASS' if ok else 'FAIL'}")
    for line in report:
        print(line)
    print("  what plan condenses (per-period values -> the day's figure; direction dropped):")
    for line in dropped:
        print(f"    {line}")
    print("  not carried at all: dewpoint, relative humidity, detailedForecast, icon, exact period times, "
          "the days outside the trip")
    result = os.environ.get("CONTEXT_RESULT")
    if result:
        with open(result, "w") as handle:
            json.dump({"plan_tokens": plan_tokens, "raw_tokens": raw_tokens, "ratio": ratio, "how": how,
                       "check": ok}, handle)


if __name__ == "__main__":
    main(sys.argv)

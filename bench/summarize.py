#!/usr/bin/env python3
"""Figures for the benchmark scripts.

  summarize.py hyperfine FILE.json [--pair FIGURE PLAN_NAME ALT_NAME]...
      Median, p90, mean and runs of every command in a hyperfine JSON export (names are
      hyperfine's --command-name), then, for each --pair, the alternative/plan ratio of the
      medians. Each pair is also appended to $PLAN_BENCH_OUT/results.jsonl.
  summarize.py record FIGURE PLAN ALT RATIO [NOTE]
      Appends one row (already formatted text) to results.jsonl.
  summarize.py table
      Prints results.jsonl as a Markdown table.
"""
import json
import os
import statistics
import sys

OUT = os.environ.get("PLAN_BENCH_OUT", "/tmp/plan-bench")
RESULTS = os.path.join(OUT, "results.jsonl")


def p90(values):
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=10, method="inclusive")[8]


def ms(seconds):
    value = seconds * 1000
    if value >= 100:
        return f"{value:.0f} ms"
    if value >= 10:
        return f"{value:.1f} ms"
    return f"{value:.2f} ms"


def record(figure, plan, alt, ratio, note=""):
    os.makedirs(OUT, exist_ok=True)
    with open(RESULTS, "a") as handle:
        handle.write(json.dumps({"figure": figure, "plan": plan, "alternative": alt, "ratio": ratio, "note": note}) + "\n")


def hyperfine(path, pairs):
    with open(path) as handle:
        results = json.load(handle)["results"]
    by_name = {}
    width = max(len(r["command"]) for r in results)
    print(f"  {'command':<{width}}  {'median':>10}  {'p90':>10}  {'mean':>10}  {'cpu mean':>10}  {'runs':>5}")
    for result in results:
        times = result["times"]
        median = statistics.median(times)
        by_name[result["command"]] = (median, p90(times), result["user"] + result["system"])
        print(f"  {result['command']:<{width}}  {ms(median):>10}  {ms(p90(times)):>10}  "
              f"{ms(statistics.mean(times)):>10}  {ms(result['user'] + result['system']):>10}  {len(times):>5}")
    print("  (wall-clock median and p90 over the runs; cpu mean = user + system time, less sensitive to a busy machine)")
    for figure, plan_name, alt_name in pairs:
        plan_median, plan_p90, plan_cpu = by_name[plan_name]
        alt_median, alt_p90, alt_cpu = by_name[alt_name]
        ratio = alt_median / plan_median
        print(f"  {figure}: {alt_name} / {plan_name} = {ratio:.2f}x (wall median), {alt_cpu / plan_cpu:.2f}x (cpu mean)")
        record(figure, f"{ms(plan_median)} (p90 {ms(plan_p90)})", f"{ms(alt_median)} (p90 {ms(alt_p90)})",
               f"{ratio:.2f}x")


def table():
    if not os.path.exists(RESULTS):
        print("(no results recorded)")
        return
    rows = [json.loads(line) for line in open(RESULTS) if line.strip()]
    print("| figure | plan | alternative | alternative / plan |")
    print("| --- | --- | --- | --- |")
    for row in rows:
        note = f" ({row['note']})" if row.get("note") else ""
        print(f"| {row['figure']}{note} | {row['plan']} | {row['alternative']} | {row['ratio']} |")


def main(argv):
    if len(argv) >= 2 and argv[1] == "hyperfine":
        pairs = []
        rest = argv[3:]
        while rest:
            if rest[0] != "--pair" or len(rest) < 4:
                sys.exit("usage: summarize.py hyperfine FILE [--pair FIGURE PLAN ALT]...")
            pairs.append((rest[1], rest[2], rest[3]))
            rest = rest[4:]
        hyperfine(argv[2], pairs)
    elif len(argv) >= 6 and argv[1] == "record":
        record(*argv[2:7])
    elif len(argv) == 2 and argv[1] == "table":
        table()
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)

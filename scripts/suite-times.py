#!/usr/bin/env python3
"""Prints how long each part of a test run took: the phases scripts/test.sh timed, then every Swift Testing
suite (from `swift test`'s "Suite X passed/failed after N seconds" lines), slowest first.

Usage: suite-times.py <phases.tsv> <swift-test.log> [<reliability.log>]
phases.tsv holds "<phase>\t<seconds>" lines; a missing file is skipped (the run stopped before it).
"""
import re
import sys

ANSI = re.compile(r"\x1b\[[0-9;]*m")
SUITE = re.compile(r"Suite (?:\"(?P<quoted>[^\"]+)\"|(?P<name>\S+)) (?P<verdict>passed|failed|skipped)"
                   r"(?: after (?P<seconds>[0-9.]+) seconds)?")
TEST = re.compile(r"^\S+ Test (?!case )(?P<name>[^ (]+\([^)]*\))(?: with \d+ test cases?)? (?P<event>started|passed|failed|skipped)")
DETAIL = re.compile(r"^(shared llama-server: |engine matrix |matrix window |terminal pack: |seeded replay |streamed list: )")


def read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read()
    except OSError:
        return None


def main(arguments):
    phases = read(arguments[0]) if arguments else None
    log = read(arguments[1]) if len(arguments) > 1 else None
    print("== times")
    if phases:
        for line in phases.splitlines():
            name, _, seconds = line.partition("\t")
            if seconds:
                print(f"  {float(seconds):8.1f} s  {name}")
    if log:
        suites = {}
        for line in ANSI.sub("", log).splitlines():
            match = SUITE.search(line)
            if not match:
                continue
            name = match.group("quoted") or match.group("name")
            seconds = float(match.group("seconds") or 0)
            suites[name] = (seconds, match.group("verdict"))
        if suites:
            print("  suites (swift test runs them in parallel; times overlap):")
            for name, (seconds, verdict) in sorted(suites.items(), key=lambda item: -item[1][0]):
                note = "" if verdict == "passed" else f"  ({verdict})"
                print(f"  {seconds:8.1f} s  {name}{note}")
        # The real-model suites' own lines: each shared server's start and flags, each engine's and window's steps.
        details = [line.strip() for line in ANSI.sub("", log).splitlines()
                   if DETAIL.match(line.strip())]
        if details:
            print("  real-model steps:")
            for line in details:
                print(f"    {line}")
        # Tests that started and never ended: what a run cut short (by a deadline or a hang) was waiting for.
        started, ended = [], set()
        for line in ANSI.sub("", log).splitlines():
            match = TEST.match(line.strip())
            if not match:
                continue
            if match.group("event") == "started":
                started.append(match.group("name"))
            else:
                ended.add(match.group("name"))
        unfinished = [name for name in dict.fromkeys(started) if name not in ended]
        if unfinished:
            print("  tests started and never ended (the run was cut short while they ran):")
            for name in unfinished:
                print(f"    {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

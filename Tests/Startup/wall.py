#!/usr/bin/env python3
"""Wall-clock start-up, interleaved (issue 47): each command of each plan binary beside the sqlite3 CLI doing the
same reads, in one run, in a shuffled order every round, so a busy moment falls on all of them alike. Prints the
median wall time of each, its ratio to sqlite3's, and the mean system time and minor page faults per run
(getrusage of the finished child). Called by `Tests/Startup/budget.sh --wall`, which sets up the database.

    wall.py <rounds> <work dir> <label=binary>...     (the environment is the one plan runs in)
"""
import os, random, resource, statistics, subprocess, sys, time

rounds, work, binaries = int(sys.argv[1]), sys.argv[2], [a.split("=", 1) for a in sys.argv[3:]]
db = os.path.join(work, "plan.sqlite")
sqlite = ["sqlite3", "-batch", "-init", "/dev/null", db]
commands = [
    ("--version", ["--version"], sqlite + ["SELECT 1"]),
    ("list", ["list"], sqlite + [".read " + os.path.join(work, "list.sql")]),
    ("show 2", ["show", "2"], sqlite + [".read " + os.path.join(work, "show2.sql")]),
]
runs = []
for name, arguments, peer in commands:
    runs.append((name, "sqlite3", peer))
    for label, binary in binaries:
        runs.append((name, label, [binary] + arguments))

wall = {(n, l): [] for n, l, _ in runs}
system = {(n, l): [] for n, l, _ in runs}
faults = {(n, l): [] for n, l, _ in runs}
for _ in range(rounds):
    order = list(runs)
    random.shuffle(order)
    for name, label, argv in order:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter_ns()
        done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        elapsed = time.perf_counter_ns() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            sys.exit("wall: %s exited %d" % (" ".join(argv), done.returncode))
        wall[(name, label)].append(elapsed / 1e6)
        system[(name, label)].append((after.ru_stime - before.ru_stime) * 1e3)
        faults[(name, label)].append(after.ru_minflt - before.ru_minflt)

print("%-10s %-8s %10s %8s %10s %10s" % ("command", "binary", "median ms", "ratio", "sys ms", "minflt"))
for name, _, _ in commands:
    floor = statistics.median(wall[(name, "sqlite3")])
    for label in ["sqlite3"] + [l for l, _ in binaries]:
        key = (name, label)
        median = statistics.median(wall[key])
        print("%-10s %-8s %10.2f %7.2fx %10.2f %10.0f" % (
            name, label, median, median / floor, statistics.mean(system[key]), statistics.mean(faults[key])))

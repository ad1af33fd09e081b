#!/usr/bin/env python3
"""Times `plan mcp` over raw stdio (no SDK, so the figures are plan's): the wall time from starting the
process to the answer of `initialize`, then N sequential calls of one tool, each sent after the answer to the
one before. Offline, on a database holding one packed trip (made here with `plan add` and `plan pack`).

Usage: bench/mcp_calls.py <plan binary> [N] [tool]      (default N 200, tool show_trip)
Prints the start-up time and the calls' mean, median and p90 in milliseconds.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def main():
    plan = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    tool = sys.argv[3] if len(sys.argv) > 3 else "show_trip"
    folder = tempfile.mkdtemp(prefix="plan-mcp-bench-")
    env = dict(os.environ, PLAN_DB=os.path.join(folder, "plan.sqlite"), PLAN_OFFLINE="1", NO_COLOR="1")
    subprocess.run([plan, "pack", "Denver, CO", "--from", "2026-12-03", "--to", "2026-12-06"], env=env,
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    started = time.perf_counter()
    server = subprocess.Popen([plan, "mcp"], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def ask(ident, method, params):
        server.stdin.write(json.dumps({"jsonrpc": "2.0", "id": ident, "method": method, "params": params}) + "\n")
        server.stdin.flush()
        while True:
            message = json.loads(server.stdout.readline())
            if message.get("id") == ident:
                return message

    ask(0, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}})
    startup = (time.perf_counter() - started) * 1000
    arguments = {"trip": 1} if tool == "show_trip" else {}
    times = []
    for ident in range(1, count + 1):
        before = time.perf_counter()
        answer = ask(ident, "tools/call", {"name": tool, "arguments": arguments})
        times.append((time.perf_counter() - before) * 1000)
        assert not answer["result"]["isError"], answer
    server.stdin.close()
    server.wait(timeout=30)
    times.sort()
    print(f"start to initialize answered: {startup:.1f} ms")
    print(f"{count} x {tool}: mean {statistics.mean(times):.2f} ms, median {statistics.median(times):.2f} ms, "
          f"p90 {times[int(len(times) * 0.9)]:.2f} ms")


if __name__ == "__main__":
    main()

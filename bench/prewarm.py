#!/usr/bin/env python3
"""What LanguageModelSession.prewarm buys a pack, replayed against llama-server (bench/prewarm.sh).

    python3 bench/prewarm.py --server http://127.0.0.1:PORT --bodies DIR [--runs 5] [--fetch-ms 300]

DIR holds the request bodies of one real `plan pack` (bench/usage_proxy.py --bodies): the first is plan's
prewarm request (max_tokens 1: the instructions and tools), the second the first real round. Each run
empties the server's prompt cache (an unrelated prompt in its one slot), then sends the first round cold;
empties it again, sends the prewarm, then the first round warm. Prints the medians, and what a pack gains
when the prewarm runs while the forecast is fetched (`--fetch-ms`, the fetch a pack overlaps it with).
Standard library only.
"""

import argparse
import json
import statistics
import sys
import time
import urllib.request
from pathlib import Path


def post(server, body):
    request = urllib.request.Request(
        server + "/v1/chat/completions", data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json"},
    )
    started = time.monotonic()
    with urllib.request.urlopen(request, timeout=900) as answer:
        document = json.loads(answer.read())
    wall = (time.monotonic() - started) * 1000
    timings = document.get("timings") or {}
    return wall, timings.get("prompt_n", 0), timings.get("prompt_ms", 0.0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True)
    parser.add_argument("--bodies", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--fetch-ms", type=float, default=300.0)
    args = parser.parse_args()
    files = sorted(Path(args.bodies).glob("*.json"))
    if len(files) < 2:
        sys.exit(f"prewarm.py: need the prewarm and the first round in {args.bodies}, found {len(files)}")
    prewarm = json.loads(files[0].read_text())
    first = json.loads(files[1].read_text())
    if prewarm.get("max_tokens") != 1:
        sys.exit("prewarm.py: the first body is not plan's prewarm request (max_tokens 1)")
    first["stream"] = False
    first.pop("stream_options", None)
    first["max_tokens"] = min(int(first.get("max_tokens") or 64), 64)   # the prompt is what is measured
    prewarm["stream"] = False

    def flush(run):
        post(args.server, {"messages": [{"role": "user", "content": f"Unrelated text {run}: " + "lorem ipsum " * 40}],
                           "max_tokens": 1, "temperature": 0})

    cold, warm, warming = [], [], []
    for run in range(args.runs):
        flush(run)
        cold.append(post(args.server, first))
        flush(run)
        warming.append(post(args.server, prewarm))
        warm.append(post(args.server, first))

    def median(rows, index):
        return statistics.median(row[index] for row in rows)

    fetch = args.fetch_ms
    cold_ms, warm_ms, prewarm_ms = median(cold, 0), median(warm, 0), median(warming, 0)
    print(f"first round, cold cache:   {cold_ms:8.0f} ms wall, {median(cold, 1):5.0f} prompt tokens processed "
          f"in {median(cold, 2):6.0f} ms")
    print(f"prewarm request:           {prewarm_ms:8.0f} ms wall, {median(warming, 1):5.0f} prompt tokens processed")
    print(f"first round after prewarm: {warm_ms:8.0f} ms wall, {median(warm, 1):5.0f} prompt tokens processed "
          f"in {median(warm, 2):6.0f} ms")
    without = fetch + cold_ms
    overlapped = max(fetch, prewarm_ms) + warm_ms
    print(f"a pack's start with a {fetch:.0f} ms forecast fetch: {without:.0f} ms without prewarm, "
          f"{overlapped:.0f} ms with it overlapping the fetch ({without - overlapped:+.0f} ms saved); "
          f"{args.runs} runs, medians")


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env bash
# Streaming CPU: plan's CPU time while a model streams an `ask` answer slowly (one token every 50 ms for
# 10 s) to a pseudo-terminal, beside the same request to a pipe (not streamed). The point: waiting for
# tokens costs plan almost nothing (target: under 5% of a core). See bench/streaming_cpu.py.
#
#   bench/streaming-cpu.sh            (TOKENS=200 DELAY=0.05 RUNS=3; PLAN_BIN=<plan> to measure another build)
source "$(dirname "$0")/lib.sh"
bench_nice "$0" "$@"
require

python3 "$BENCH_DIR/streaming_cpu.py" "$PLAN_BIN" --tokens "${TOKENS:-200}" --delay "${DELAY:-0.05}" --runs "${RUNS:-3}"

#!/usr/bin/env bash
# Runs plan's whole test suite, installing what a fresh Debian machine lacks first:
#   1. Debian packages (libsqlite3-dev, sqlite3, python3) when missing;
#   2. llama-server and the SmolLM2-135M model (scripts/install-llama.sh; cached in ~/.cache/plan);
#   3. swift test — unit, end-to-end and real-model tests;
#   4. the reliability suite (Tests/Reliability/run.py): faults, kill -9, concurrency, hostile input.
# Set PLAN_SKIP_LLAMA=1 to run without the real model (its tests are then skipped).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh

if [ "${PLAN_SKIP_LLAMA:-}" != "1" ]; then
    echo "== installing llama-server and the test model (cached after the first run)" >&2
    eval "$(bash scripts/install-llama.sh)"
    export LLAMA_SERVER LLAMA_MODEL PLAN_REQUIRE_LLAMA=1
fi

echo "== swift test" >&2
swift build --build-tests
swift test --skip-build "$@"

echo "== reliability suite" >&2
python3 Tests/Reliability/run.py --plan "$(swift build --show-bin-path)/plan"

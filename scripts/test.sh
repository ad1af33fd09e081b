#!/usr/bin/env bash
# Runs plan's whole test suite, installing what a fresh Debian machine lacks first:
#   1. Debian packages (libsqlite3-dev, sqlite3, python3) when missing;
#   2. llama-server and the SmolLM2-135M model (scripts/install-llama.sh; cached in ~/.cache/plan);
#      the MCP Python SDK (scripts/install-mcp.sh; a venv cached in ~/.cache/plan) for the tests of `plan mcp`;
#      Chromium, chromium-driver and Selenium (scripts/install-browser.sh; a venv cached in ~/.cache/plan) for the
#      browser tests of `plan serve`;
#   3. swift test — unit, end-to-end and real-model tests;
#   4. the start-up budget (Tests/Startup/budget.sh): callgrind's instruction counts of the debug build against
#      budgets.tsv, then a release build's ratios to the sqlite3 CLI doing the same reads (issue 34);
#   5. the reliability suite (Tests/Reliability/run.py): faults, kill -9, concurrency, hostile input.
# At the end (pass or fail) it prints how long each phase and each suite took (scripts/suite-times.py), then the
# real-model steps: each shared llama-server's start and flags (Tests/Support/LlamaServer.swift's `tuning`), each
# engine's and each window's pack/ask/replay times.
# Set PLAN_SKIP_LLAMA=1 to run without the real model (its tests are then skipped); PLAN_STARTUP_RELEASE=0 skips
# the release build and its start-up ratios (a few minutes).
set -euo pipefail
cd "$(dirname "$0")/.."

times="$(mktemp -d)"
trap 'printf "total\t%s\n" "$SECONDS" >>"$times/phases.tsv"; python3 scripts/suite-times.py "$times/phases.tsv" "$times/swift-test.log" >&2 || true; rm -rf "$times"' EXIT
# Runs "$@" as the phase named $1, appending its wall time to phases.tsv.
phase() {
    local name="$1" started status=0
    shift
    started=$(date +%s)
    "$@" || status=$?
    printf '%s\t%s\n' "$name" "$(( $(date +%s) - started ))" >>"$times/phases.tsv"
    return "$status"
}

# An install step that fails stops the run here, in one line, before anything is built.
install_failed() {
    echo "test.sh: $1 failed (its error is above); nothing was built or tested. $2" >&2
    exit 1
}
phase "install-deps" bash scripts/install-deps.sh \
    || install_failed "installing the build dependencies (scripts/install-deps.sh)" "Run it again once apt-get is free."

if [ "${PLAN_SKIP_LLAMA:-}" != "1" ]; then
    echo "== installing llama-server and the test model (cached after the first run)" >&2
    started=$(date +%s)
    # Not `eval "$(…)"`: that would swallow the installer's exit status and run the suite without the model.
    llama_env="$(bash scripts/install-llama.sh)" \
        || install_failed "installing llama-server (scripts/install-llama.sh)" "Run it again, or set PLAN_SKIP_LLAMA=1 to test without the real model."
    eval "$llama_env"
    printf 'install-llama\t%s\n' "$(( $(date +%s) - started ))" >>"$times/phases.tsv"
    export LLAMA_SERVER LLAMA_MODEL PLAN_REQUIRE_LLAMA=1
fi

echo "== installing the MCP Python SDK (cached after the first run)" >&2
# The end-to-end tests of 'plan mcp' drive it with the official SDK; they must run, not skip, here.
mcp_env="$(phase "install-mcp" bash scripts/install-mcp.sh)" \
    || install_failed "installing the MCP Python SDK (scripts/install-mcp.sh)" "Run it again once PyPI answers."
eval "$mcp_env"
export PLAN_MCP_PYTHON PLAN_REQUIRE_MCP=1

echo "== installing Chromium and Selenium (cached after the first run)" >&2
# The browser tests of 'plan serve' drive the phone page in headless Chromium; they must run, not skip, here.
browser_env="$(phase "install-browser" bash scripts/install-browser.sh)" \
    || install_failed "installing Chromium and Selenium (scripts/install-browser.sh)" "Run it again once apt-get and PyPI answer."
eval "$browser_env"
export PLAN_BROWSER_PYTHON PLAN_REQUIRE_BROWSER=1

echo "== swift test" >&2
phase "swift build --build-tests" swift build --build-tests
# At most an hour (PLAN_TEST_DEADLINE seconds; a whole run takes 10–20 minutes): a run that hangs ends here, and
# the times below name the tests it was waiting for, instead of running into CI's limit without a word.
phase "swift test" bash -o pipefail -c 'timeout --kill-after=30 "${PLAN_TEST_DEADLINE:-3600}" swift test --skip-build "$@" 2>&1 | tee "$0"' "$times/swift-test.log" "$@"

echo "== start-up budget" >&2
phase "start-up budget" bash Tests/Startup/budget.sh "$(swift build --show-bin-path)/plan"
# The release build's ratios to sqlite3 (issue 34): what a user runs, checked on every run unless
# PLAN_STARTUP_RELEASE=0 (a release build costs a few minutes).
if [ "${PLAN_STARTUP_RELEASE:-1}" != "0" ]; then
    phase "release build" swift build -c release --scratch-path .build/release-scratch --product plan
    phase "start-up ratios (release)" bash Tests/Startup/budget.sh --release .build/release-scratch/release/plan
fi

echo "== reliability suite" >&2
phase "reliability suite" python3 Tests/Reliability/run.py --plan "$(swift build --show-bin-path)/plan"

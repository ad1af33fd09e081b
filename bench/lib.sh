# Shared helpers for the benchmark scripts in bench/. Sourced, not run.
#
# Knobs (environment):
#   PLAN_BENCH_BUILD   scratch path of the release build (default .build/bench-release in the repository)
#   PLAN_BIN           the plan binary (default $PLAN_BENCH_BUILD/release/plan)
#   PLAN_BIN_BEFORE    optional: an older plan binary measured beside it in the same run (start-up, search)
#   PLAN_BENCH_TOOL    plan's in-process benchmark (default $PLAN_BENCH_BUILD/release/plan-bench)
#   PLAN_BENCH_VENV    Python venv with requests-cache and llm (default ~/.cache/plan/venv-bench)
#   PLAN_BENCH_OUT     where scratch databases and hyperfine JSON go (default /tmp/plan-bench)
#   PLAN_CACHE         llama-server and models cache root (default ~/.cache/plan)

set -Eeuo pipefail

BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$BENCH_DIR/.." && pwd)"
PLAN_BENCH_BUILD="${PLAN_BENCH_BUILD:-$REPO_DIR/.build/bench-release}"
PLAN_BIN="${PLAN_BIN:-$PLAN_BENCH_BUILD/release/plan}"
PLAN_BIN_BEFORE="${PLAN_BIN_BEFORE:-}"
PLAN_BENCH_TOOL="${PLAN_BENCH_TOOL:-$PLAN_BENCH_BUILD/release/plan-bench}"
PLAN_BENCH_VENV="${PLAN_BENCH_VENV:-$HOME/.cache/plan/venv-bench}"
PLAN_BENCH_OUT="${PLAN_BENCH_OUT:-/tmp/plan-bench}"
PLAN_CACHE="${PLAN_CACHE:-$HOME/.cache/plan}"
PY="$PLAN_BENCH_VENV/bin/python"
STANDIN="$REPO_DIR/Tests/Fixtures/services/server.py"

# The machine is shared: every benchmark runs at niceness 10 (children inherit it).
bench_nice() {
    local current
    current="$(ps -o ni= -p $$ | tr -d ' ')"
    if [ "${current:-0}" -lt 10 ]; then
        exec nice -n $((10 - current)) "$@"
    fi
}

log() { printf '%s\n' "$*" >&2; }
die() { printf 'bench: ERROR: %s\n' "$*" >&2; exit 1; }

require() {
    [ -x "$PLAN_BIN" ] || die "no plan binary at $PLAN_BIN; build it: nice -n 10 swift build -c release --scratch-path $PLAN_BENCH_BUILD (or bench/setup.sh)"
    command -v hyperfine >/dev/null || die "hyperfine is missing; run bench/setup.sh (apt-get install hyperfine)"
    [ -x /usr/bin/time ] || die "/usr/bin/time is missing; run bench/setup.sh (apt-get install time)"
    command -v sqlite3 >/dev/null || die "sqlite3 is missing; run bench/setup.sh"
    command -v valgrind >/dev/null || die "valgrind is missing; run bench/setup.sh (apt-get install valgrind)"
    [ -x "$PY" ] || die "no venv at $PLAN_BENCH_VENV; run bench/setup.sh"
}

# A fresh scratch directory for one benchmark: $WORK.
make_work() {
    WORK="$PLAN_BENCH_OUT/$1"
    rm -rf "$WORK"
    mkdir -p "$WORK"
}

# Processes started by this script, stopped on exit (by pid only).
STARTED_PIDS=()
cleanup() {
    local pid
    for pid in "${STARTED_PIDS[@]+"${STARTED_PIDS[@]}"}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${STARTED_PIDS[@]+"${STARTED_PIDS[@]}"}"; do
        wait "$pid" 2>/dev/null || true
    done
}
trap cleanup EXIT

# Starts the loopback NWS/Open-Meteo stand-in; sets STANDIN_PORT and exports plan's service variables.
start_standin() {
    local portfile="$WORK/standin.port"
    python3 "$STANDIN" --port 0 "$@" >"$portfile" 2>"$WORK/standin.log" &
    STARTED_PIDS+=($!)
    local i
    for i in $(seq 1 100); do
        if grep -q '^PORT ' "$portfile" 2>/dev/null; then break; fi
        sleep 0.05
    done
    STANDIN_PORT="$(awk '/^PORT /{print $2}' "$portfile")"
    [ -n "$STANDIN_PORT" ] || die "the weather stand-in did not start (see $WORK/standin.log)"
    export PLAN_NWS_URL="http://127.0.0.1:$STANDIN_PORT"
    export PLAN_OPEN_METEO_URL="http://127.0.0.1:$STANDIN_PORT"
    export PLAN_CLIMATE_URL="http://127.0.0.1:$STANDIN_PORT"
    export PLAN_CONTACT="bench@example.com"
    export NO_COLOR=1
}

standin_control() { # method path [json-body]
    if [ $# -ge 3 ]; then
        curl -sf -X "$1" -H 'Content-Type: application/json' -d "$3" "http://127.0.0.1:$STANDIN_PORT$2"
    else
        curl -sf -X "$1" "http://127.0.0.1:$STANDIN_PORT$2"
    fi
}

# A free loopback TCP port.
free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Instructions a command executes (valgrind --tool=callgrind), stdout and stderr discarded: a figure
# that a busy machine does not disturb. Prints the count, or "n/a" when valgrind cannot run it.
instructions() {
    local count
    count="$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | awk '/Collected/ {print $NF}')"
    echo "${count:-n/a}"
}

# A count in millions ("12.3M").
millions() { awk -v n="$1" 'BEGIN { if (n == "n/a") print "n/a"; else printf "%.1fM\n", n / 1e6 }'; }

# Median/p90/ratio tables from hyperfine JSON exports.
summarize() { "$PY" "$BENCH_DIR/summarize.py" "$@"; }

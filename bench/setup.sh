#!/usr/bin/env bash
# Installs what the benchmarks need: hyperfine, GNU time, sqlite3, curl and valgrind from Debian (apt-get, as
# root), a Python venv at ~/.cache/plan/venv-bench with requests-cache and llm from PyPI, and the
# release build of plan at $PLAN_BENCH_BUILD (default .build/bench-release in the repository).
# Optional: scripts/install-llama.sh for exact token counts in bench/context.sh.
source "$(dirname "$0")/lib.sh"
bench_nice "$0" "$@"

missing=()
command -v hyperfine >/dev/null || missing+=(hyperfine)
[ -x /usr/bin/time ] || missing+=(time)
command -v sqlite3 >/dev/null || missing+=(sqlite3)
command -v curl >/dev/null || missing+=(curl)
command -v valgrind >/dev/null || missing+=(valgrind)
if [ ${#missing[@]} -gt 0 ]; then
    log "installing ${missing[*]} with apt-get"
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}"
fi
if [ ! -x "$PY" ]; then
    log "creating $PLAN_BENCH_VENV"
    python3 -m venv "$PLAN_BENCH_VENV"
fi
"$PY" -m pip install -q "requests-cache==1.3.3" "llm==0.36"
log "building plan (release) in $PLAN_BENCH_BUILD"
(cd "$REPO_DIR" && swift build -c release --scratch-path "$PLAN_BENCH_BUILD" >/dev/null)
log "ready: $PLAN_BIN"

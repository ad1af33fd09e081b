#!/usr/bin/env bash
# Runs every benchmark in bench/ (at niceness 10) and prints the table of results at the end.
#
#   bench/run-all.sh                 (SKIP_BUILD=1 to use the existing release build as is)
#
# About 5-9 minutes on a 2-core machine (more while something else compiles). Scratch data goes to
# $PLAN_BENCH_OUT (default /tmp/plan-bench); nothing in the repository is written.
source "$(dirname "$0")/lib.sh"
bench_nice "$0" "$@"

started=$(date +%s)
if [ "${SKIP_BUILD:-0}" != 1 ]; then
    log "building plan (release) in $PLAN_BENCH_BUILD"
    (cd "$REPO_DIR" && swift build -c release --scratch-path "$PLAN_BENCH_BUILD" >/dev/null)
fi
require
mkdir -p "$PLAN_BENCH_OUT"
rm -f "$PLAN_BENCH_OUT/results.jsonl"

echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(awk '/MemTotal/ {printf "%.1f GiB RAM", $2 / 1048576}' /proc/meminfo)"
echo "Swift: $(swift --version 2>/dev/null | head -n 1)"
echo "plan: $(git -C "$REPO_DIR" rev-parse --short HEAD)${PLAN_BIN_BEFORE:+ (and $PLAN_BIN_BEFORE as 'before')} $(git -C "$REPO_DIR" diff --quiet HEAD -- Sources 2>/dev/null || echo '(Sources modified)')"
echo "Tools: $(hyperfine --version), requests-cache $("$PY" -c 'import importlib.metadata as m; print(m.version("requests-cache"))'), $("$PLAN_BENCH_VENV/bin/llm" --version), $(sqlite3 --version | cut -d' ' -f1) (sqlite3 CLI)"
echo "Date: $(date -u '+%Y-%m-%d %H:%M UTC')"

for script in startup.sh cache-hit.sh context.sh history-search.sh pack.sh; do
    echo
    echo "################ bench/$script   (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
    "$BENCH_DIR/$script"
done

echo
echo "################ Results   (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
summarize table
echo
echo "Total time: $(( $(date +%s) - started )) s"

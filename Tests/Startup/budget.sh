#!/usr/bin/env bash
# The start-up budget: instructions (valgrind --tool=callgrind, not wall time, so a busy machine does not
# disturb it) that `plan --version`, `plan list` and a cached `plan show 1` execute, against the budgets in
# Tests/Startup/budgets.tsv. Fails (exit 1) when a command goes past its budget, so start-up work cannot be
# undone silently. Run by scripts/test.sh after the Swift tests.
#
#   Tests/Startup/budget.sh [<plan binary>]     (default: the debug build, `swift build --show-bin-path`)
#   PLAN_STARTUP_RECORD=1 Tests/Startup/budget.sh   prints today's counts plus 5%, for budgets.tsv
#
# The budgets are for the debug build scripts/test.sh compiles (docs/benchmarks.md's figures are the
# release build's, which bench/startup.sh measures). The database holds one trip, Denver, whose /points and
# forecast documents are cached with their decoded records (two shows against the loopback weather
# stand-in, Tests/Fixtures/services/server.py), as bench/startup.sh sets it up.
set -euo pipefail
cd "$(dirname "$0")/../.."

plan="${1:-$(swift build --show-bin-path)/plan}"
budgets="Tests/Startup/budgets.tsv"
[ -x "$plan" ] || { echo "startup-budget: no plan binary at $plan; run swift build first" >&2; exit 69; }
command -v valgrind >/dev/null || { echo "startup-budget: valgrind is missing; run scripts/install-deps.sh" >&2; exit 69; }

work="$(mktemp -d)"
standin=""
cleanup() {
    [ -n "$standin" ] && kill "$standin" 2>/dev/null && wait "$standin" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

python3 Tests/Fixtures/services/server.py --port 0 >"$work/port" 2>"$work/standin.log" &
standin=$!
for _ in $(seq 1 100); do
    grep -q '^PORT ' "$work/port" 2>/dev/null && break
    sleep 0.05
done
port="$(awk '/^PORT /{print $2}' "$work/port")"
[ -n "$port" ] || { echo "startup-budget: the weather stand-in did not start: $(cat "$work/standin.log")" >&2; exit 69; }

# A fixed, small environment: the counts depend a little on what the process is given.
run_env=(env -i PATH=/usr/bin:/bin HOME="$work" LANG=C.UTF-8 PLAN_DB="$work/plan.sqlite"
         PLAN_NWS_URL="http://127.0.0.1:$port" PLAN_OPEN_METEO_URL="http://127.0.0.1:$port"
         PLAN_CONTACT=budget@example.com)
today="$(date +%F)"
end="$(date -d '+2 day' +%F)"
"${run_env[@]}" "$plan" add "Denver, CO" --from "$today" --to "$end" >/dev/null
"${run_env[@]}" "$plan" show 1 >/dev/null 2>&1    # two misses fill the cache
"${run_env[@]}" "$plan" show 1 >"$work/show.txt" 2>&1    # the first hits keep the decoded records
grep -q "(cached)" "$work/show.txt" || { echo "startup-budget: the second show was not a cache hit: $(cat "$work/show.txt")" >&2; exit 70; }

status=0
printf '%-10s %14s %14s\n' "command" "instructions" "budget" >&2
while IFS=$'\t' read -r name budget; do
    case "$name" in ''|'#'*) continue ;; esac
    case "$name" in
        version) arguments=(--version) ;;
        list) arguments=(list) ;;
        show) arguments=(show 1) ;;
        *) echo "startup-budget: unknown command '$name' in $budgets" >&2; exit 70 ;;
    esac
    # valgrind runs env, which runs plan: callgrind follows only the first process unless told to trace
    # children, so point it at plan itself with the environment set around valgrind instead.
    count="$(env -i PATH=/usr/bin:/bin HOME="$work" LANG=C.UTF-8 PLAN_DB="$work/plan.sqlite" \
        PLAN_NWS_URL="http://127.0.0.1:$port" PLAN_OPEN_METEO_URL="http://127.0.0.1:$port" PLAN_CONTACT=budget@example.com \
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$plan" "${arguments[@]}" 2>&1 >/dev/null \
        | awk '/Collected/ {print $NF}')"
    if [ -z "$count" ]; then
        echo "startup-budget: valgrind could not count 'plan ${arguments[*]}'" >&2
        status=1
        continue
    fi
    if [ "${PLAN_STARTUP_RECORD:-}" = "1" ]; then
        printf '%s\t%d\n' "$name" "$(( count * 105 / 100 ))"
        continue
    fi
    verdict="ok"
    if [ "$count" -gt "$budget" ]; then
        verdict="OVER BUDGET by $(awk -v c="$count" -v b="$budget" 'BEGIN { printf "%.1f", (c - b) * 100 / b }')%"
        status=1
    fi
    printf '%-10s %14s %14s  %s\n' "$name" "$count" "$budget" "$verdict" >&2
done <"$budgets"

if [ "$status" -ne 0 ]; then
    echo "startup-budget: start-up got slower: find what was added with callgrind (bench/startup.sh, docs/benchmarks.md)." >&2
    echo "startup-budget: if the extra work is worth it, raise the budget in $budgets in the same commit and say why." >&2
fi
exit "$status"

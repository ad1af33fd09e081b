#!/usr/bin/env bash
# The start-up budget: instructions (valgrind --tool=callgrind, not wall time, so a busy machine does not
# disturb it) that `plan --version`, `plan list`, and a cached `plan show` of a one-stop and of a two-stop
# trip execute, each beside the sqlite3 CLI doing comparable reads on the same database in the same run.
# Fails (exit 1) when a command goes past its budget in Tests/Startup/budgets.tsv, so start-up work cannot
# be undone silently. Run by scripts/test.sh after the Swift tests.
#
#   Tests/Startup/budget.sh [<plan binary>]      the debug build (default: `swift build --show-bin-path`):
#                                                absolute counts against budgets.tsv; ratios printed
#   Tests/Startup/budget.sh --release <binary>   a release build (`swift build -c release`): the ratios to
#                                                sqlite3 against budgets.tsv's ratio column (issue 34)
#   Tests/Startup/budget.sh --wall new=<binary> [old=<binary>…]   wall-clock medians, interleaved, beside sqlite3
#                                                (Tests/Startup/wall.py; PLAN_STARTUP_ROUNDS rounds, 40 by default)
#   PLAN_STARTUP_RECORD=1 Tests/Startup/budget.sh   prints today's debug counts plus 5%, for budgets.tsv
#   PLAN_STARTUP_KEEP=1 ...                          keeps the database and the peers' SQL (for callgrind_annotate)
#   PLAN_STARTUP_PROFILE=<dir> ...                   writes each command's profile to <dir>/<name>.callgrind
#                                                    (callgrind_annotate --inclusive=yes <dir>/show2.callgrind)
#
# The database (issue 34's shape): 20 trips. Trip 1 is one stop, Denver, for three days; trip 2 two stops,
# Denver then Boulder, eleven days, so its last days are climate days (past the forecast), packed with the
# built-in engine, one item ticked and one own item added; trips 3 to 20 are one-stop trips for `list`.
# Every /points, forecast and climate document is cached with its decoded record (two shows of each trip
# against the loopback weather stand-in, Tests/Fixtures/services/server.py).
#
# The sqlite3 peers (`sqlite3 -batch -init /dev/null`, so it reads no start-up file) run the reads plan
# needs: `select 1` for --version; the trips query (with its places, stops and whether packed) for list;
# for show, the trip, its stops, every cache row the show read (found by the cache's hit counts), the
# latest packing list and its ticks and own items.
set -euo pipefail
cd "$(dirname "$0")/../.."

release=0
wall=()
if [ "${1:-}" = "--release" ]; then release=1; shift; fi
if [ "${1:-}" = "--wall" ]; then
    shift
    [ $# -gt 0 ] || { echo "startup-budget: --wall needs label=binary pairs: $0 --wall new=.build/release/plan" >&2; exit 64; }
    wall=("$@")
    set -- "${wall[0]#*=}"
fi
if [ "$release" = 1 ] && [ -z "${1:-}" ]; then
    echo "startup-budget: --release needs the release binary: swift build -c release; $0 --release .build/release/plan" >&2
    exit 64
fi
plan="${1:-$(swift build --show-bin-path)/plan}"
budgets="Tests/Startup/budgets.tsv"
[ -x "$plan" ] || { echo "startup-budget: no plan binary at $plan; run swift build first" >&2; exit 69; }
command -v valgrind >/dev/null || { echo "startup-budget: valgrind is missing; run scripts/install-deps.sh" >&2; exit 69; }
command -v sqlite3 >/dev/null || { echo "startup-budget: sqlite3 is missing; run scripts/install-deps.sh" >&2; exit 69; }

work="$(mktemp -d)"
standin=""
cleanup() {
    [ -n "$standin" ] && kill "$standin" 2>/dev/null && wait "$standin" 2>/dev/null
    if [ -n "${PLAN_STARTUP_KEEP:-}" ]; then echo "startup-budget: the database and SQL are kept in $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

# Every document stays fresh for the whole run (an hour), so each show below is the cached show it measures:
# plan follows the server's max-age (RFC 9111), and the stand-in's alerts' 30 s would pass while callgrind runs.
python3 Tests/Fixtures/services/server.py --port 0 --forecast-max-age 3600 --alerts-max-age 3600 >"$work/port" 2>"$work/standin.log" &
standin=$!
for _ in $(seq 1 100); do
    grep -q '^PORT ' "$work/port" 2>/dev/null && break
    sleep 0.05
done
port="$(awk '/^PORT /{print $2}' "$work/port")"
[ -n "$port" ] || { echo "startup-budget: the weather stand-in did not start: $(cat "$work/standin.log")" >&2; exit 69; }

# A fixed, small environment: the counts depend a little on what the process is given. valgrind runs
# plan itself (callgrind follows only the first process), so the environment is set around valgrind.
db="$work/plan.sqlite"
run_env=(env -i PATH=/usr/bin:/bin HOME="$work" LANG=C.UTF-8 PLAN_DB="$db" PLAN_MODEL=builtin
         PLAN_NWS_URL="http://127.0.0.1:$port" PLAN_OPEN_METEO_URL="http://127.0.0.1:$port"
         PLAN_CLIMATE_URL="http://127.0.0.1:$port" PLAN_MARINE_URL="http://127.0.0.1:$port"
         PLAN_GEOCODER_URL="http://127.0.0.1:$port" PLAN_CONTACT=budget@example.com)
day() { date -d "+$1 day" +%F; }
quiet() { "${run_env[@]}" "$plan" "$@" >"$work/out.txt" 2>&1 || { echo "startup-budget: plan $* failed: $(cat "$work/out.txt")" >&2; exit 70; }; }
quiet add "Denver, CO" --from "$(day 0)" --to "$(day 2)"
quiet add "Denver, CO" --from "$(day 0)" --to "$(day 3)" --then "Boulder, CO" --to "$(day 10)"
quiet pack 2
quiet check 2 1
quiet item add 2 "Trekking poles"
for n in $(seq 3 20); do quiet add "Denver, CO" --from "$(day "$n")" --to "$(day $((n + 2)))" --name "Trip $n"; done
for trip in 1 2; do
    quiet show "$trip"      # misses fill the cache
    quiet show "$trip"      # the first hits keep the decoded records
    # Which cache rows a cached show reads: those whose hit count it raises.
    sqlite3 "$db" "SELECT url, hits FROM http_cache ORDER BY url" >"$work/hits.before"
    "${run_env[@]}" "$plan" show "$trip" >"$work/show.txt" 2>&1
    grep -q "(cached)" "$work/show.txt" || { echo "startup-budget: show $trip was not a cache hit: $(cat "$work/show.txt")" >&2; exit 70; }
    sqlite3 "$db" "SELECT url, hits FROM http_cache ORDER BY url" >"$work/hits.after"
    urls="$(comm -13 "$work/hits.before" "$work/hits.after" | sed 's/|[0-9]*$//')"
    [ -n "$urls" ] || { echo "startup-budget: show $trip read no cached document" >&2; exit 70; }
    {
        echo "SELECT t.id, t.name, t.destination, t.start_date, t.end_date, t.activities, t.created_at,"
        echo "  p.id, p.name, p.region, p.country, p.latitude, p.longitude, p.time_zone, p.source, p.source_id, p.population, p.kind,"
        echo "  (SELECT max(created_at) FROM packing_lists l WHERE l.trip_id = t.id), t.changed_at, t.change_note"
        echo "FROM trips t LEFT JOIN places p ON p.id = t.place_id WHERE t.id = $trip;"
        echo "SELECT l.position, l.destination, l.start_date, l.end_date, p.id, p.name, p.region, p.country, p.latitude,"
        echo "  p.longitude, p.time_zone, p.source, p.source_id, p.population, p.kind"
        echo "FROM trip_legs l LEFT JOIN places p ON p.id = l.place_id WHERE l.trip_id = $trip ORDER BY l.position;"
        while IFS= read -r url; do
            echo "SELECT fetched_at, expires_at, decoded FROM http_cache WHERE url = '${url//\'/\'\'}';"
        done <<<"$urls"
        echo "SELECT id, list, created_at FROM packing_lists WHERE trip_id = $trip ORDER BY created_at DESC LIMIT 1;"
        echo "SELECT action, name, item_key, quantity, category, created_at FROM list_changes WHERE trip_id = $trip ORDER BY id;"
    } >"$work/show$trip.sql"
done
grep -q "Boulder" "$work/show.txt" || { echo "startup-budget: show 2 has no second stop: $(cat "$work/show.txt")" >&2; exit 70; }
cat >"$work/list.sql" <<'SQL'
SELECT t.id, t.name, t.destination, t.start_date, t.end_date, t.activities, t.created_at,
  p.id, p.name, p.region, p.country, p.latitude, p.longitude, p.time_zone, p.source, p.source_id, p.population, p.kind,
  (SELECT max(created_at) FROM packing_lists l WHERE l.trip_id = t.id),
  (SELECT group_concat(g.destination, ' → ') FROM trip_legs g WHERE g.trip_id = t.id), t.changed_at, t.change_note
FROM trips t LEFT JOIN places p ON p.id = t.place_id ORDER BY t.created_at DESC, t.id DESC;
SQL

# instructions <program> <arguments...>: callgrind's count of instructions the process executed (its profile
# kept in $profile_out when set).
profile_out=/dev/null
instructions() {
    env -i PATH=/usr/bin:/bin HOME="$work" LANG=C.UTF-8 PLAN_DB="$db" PLAN_MODEL=builtin \
        PLAN_NWS_URL="http://127.0.0.1:$port" PLAN_OPEN_METEO_URL="http://127.0.0.1:$port" \
        PLAN_CLIMATE_URL="http://127.0.0.1:$port" PLAN_MARINE_URL="http://127.0.0.1:$port" \
        PLAN_GEOCODER_URL="http://127.0.0.1:$port" PLAN_CONTACT=budget@example.com \
        valgrind --tool=callgrind --callgrind-out-file="$profile_out" "$@" 2>&1 >/dev/null \
        | awk '/Collected/ {print $NF}'
}
sq=(sqlite3 -batch -init /dev/null "$db")

if [ "${#wall[@]}" -gt 0 ]; then
    "${run_env[@]}" python3 Tests/Startup/wall.py "${PLAN_STARTUP_ROUNDS:-40}" "$work" "${wall[@]}"
    exit $?
fi

status=0
if [ "$release" = 1 ]; then
    printf '%-10s %14s %14s %8s %8s\n' "command" "plan" "sqlite3" "ratio" "budget" >&2
else
    printf '%-10s %14s %14s %14s %8s\n' "command" "instructions" "budget" "sqlite3" "ratio" >&2
fi
while IFS=$'\t' read -r name budget ratio_budget; do
    case "$name" in ''|'#'*) continue ;; esac
    case "$name" in
        version) arguments=(--version); peer=("${sq[@]}" "SELECT 1") ;;
        list) arguments=(list); peer=("${sq[@]}" ".read $work/list.sql") ;;
        show) arguments=(show 1); peer=("${sq[@]}" ".read $work/show1.sql") ;;
        show2) arguments=(show 2); peer=("${sq[@]}" ".read $work/show2.sql") ;;
        *) echo "startup-budget: unknown command '$name' in $budgets" >&2; exit 70 ;;
    esac
    [ -n "${PLAN_STARTUP_PROFILE:-}" ] && mkdir -p "$PLAN_STARTUP_PROFILE" && profile_out="$PLAN_STARTUP_PROFILE/$name.callgrind"
    count="$(instructions "$plan" "${arguments[@]}")"
    profile_out=/dev/null
    floor="$(instructions "${peer[@]}")"
    if [ -z "$count" ] || [ -z "$floor" ]; then
        echo "startup-budget: valgrind could not count 'plan ${arguments[*]}' or its sqlite3 peer" >&2
        status=1
        continue
    fi
    ratio="$(awk -v c="$count" -v f="$floor" 'BEGIN { printf "%.2f", c / f }')"
    if [ "${PLAN_STARTUP_RECORD:-}" = "1" ]; then
        printf '%s\t%d\t%s\n' "$name" "$(( count * 105 / 100 ))" "$ratio_budget"
        continue
    fi
    verdict="ok"
    if [ "$release" = 1 ]; then
        if awk -v r="$ratio" -v b="$ratio_budget" 'BEGIN { exit !(r > b) }'; then
            verdict="OVER BUDGET: ${ratio}x sqlite3, the budget is ${ratio_budget}x"
            status=1
        fi
        printf '%-10s %14s %14s %7sx %7sx  %s\n' "$name" "$count" "$floor" "$ratio" "$ratio_budget" "$verdict" >&2
    else
        if [ "$count" -gt "$budget" ]; then
            verdict="OVER BUDGET by $(awk -v c="$count" -v b="$budget" 'BEGIN { printf "%.1f", (c - b) * 100 / b }')%"
            status=1
        fi
        printf '%-10s %14s %14s %14s %7sx  %s\n' "$name" "$count" "$budget" "$floor" "$ratio" "$verdict" >&2
    fi
done <"$budgets"

if [ "$status" -ne 0 ]; then
    echo "startup-budget: start-up got slower: find what was added with callgrind (bench/startup.sh, docs/benchmarks.md)." >&2
    echo "startup-budget: if the extra work is worth it, raise the budget in $budgets in the same commit and say why." >&2
fi
exit "$status"

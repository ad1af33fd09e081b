#!/usr/bin/env bash
# Start-up: `plan --version`, `plan list` and a cached `plan show` beside the sqlite3 CLI doing the same
# reads on the same database, whole process (hyperfine -N), and the instructions each executes
# (valgrind --tool=callgrind), which a busy machine does not disturb.
#
#   bench/startup.sh            (RUNS=200; PLAN_BIN_BEFORE=<older plan> adds it to the same run)
#
# The database holds two trips: 1 (Denver, with the /points and forecast documents cached, and their
# decoded records) and 2 (no place, so show makes no cache hit). The sqlite3 peers run the SQL plan
# runs: for list, the trips query; for show, the trip, both cache lookups and the packing list.
# `plan show 1` minus `plan show 2` is what showing a cached forecast adds (target: at most 1 ms).
source "$(dirname "$0")/lib.sh"
bench_nice "$0" "$@"
require

RUNS="${RUNS:-200}"
make_work startup
start_standin
export PLAN_DB="$WORK/plan.sqlite"
today="$(date +%F)"
end="$(date -d '+2 day' +%F)"

echo "== Start-up: plan vs the sqlite3 CLI doing the same reads; $RUNS runs each"
"$PLAN_BIN" add "Denver, CO" --from "$today" --to "$end" >/dev/null
"$PLAN_BIN" show 1 >/dev/null 2>&1      # two misses fill the cache
"$PLAN_BIN" show 1 >/dev/null 2>&1      # the first hits keep the decoded records
sqlite3 "$PLAN_DB" "INSERT INTO trips (name, destination, place_id, start_date, end_date, created_at)
                    VALUES ('No place', 'Nowhere', NULL, '$today', '$end', strftime('%s', 'now'))"
if [ -n "$PLAN_BIN_BEFORE" ]; then
    # Its own database: an older plan refuses a newer schema.
    BEFORE_DB="$WORK/before.sqlite"
    PLAN_DB="$BEFORE_DB" "$PLAN_BIN_BEFORE" add "Denver, CO" --from "$today" --to "$end" >/dev/null
    PLAN_DB="$BEFORE_DB" "$PLAN_BIN_BEFORE" show 1 >/dev/null 2>&1
    sqlite3 "$BEFORE_DB" "INSERT INTO trips (name, destination, place_id, start_date, end_date, created_at)
                          VALUES ('No place', 'Nowhere', NULL, '$today', '$end', strftime('%s', 'now'))"
fi
POINTS_URL="$PLAN_NWS_URL/points/39.7392,-104.9847"
FORECAST_URL="$(sqlite3 "$PLAN_DB" "SELECT url FROM http_cache WHERE url LIKE '%/forecast'")"
TRIP_SQL="SELECT t.id, t.name, t.destination, t.start_date, t.end_date, t.activities, t.created_at,
       p.id AS place_id, p.name AS place_name, p.region, p.country, p.latitude, p.longitude,
       p.time_zone, p.source, p.source_id, p.population,
       (SELECT max(created_at) FROM packing_lists l WHERE l.trip_id = t.id) AS packed_at
FROM trips t LEFT JOIN places p ON p.id = t.place_id"
LIST_SQL="$TRIP_SQL ORDER BY t.created_at DESC, t.id DESC;"
SHOW_SQL="$TRIP_SQL WHERE t.id = 1;
SELECT fetched_at, expires_at, decoded FROM http_cache WHERE url = '$POINTS_URL';
SELECT fetched_at, expires_at, decoded FROM http_cache WHERE url = '$FORECAST_URL';
SELECT id, list FROM packing_lists WHERE trip_id = 1 ORDER BY created_at DESC LIMIT 1;"
# sqlite3 reads its own start-up file unless told otherwise; -batch and -init /dev/null keep it bare.
SQ=(sqlite3 -batch -init /dev/null "$PLAN_DB")

names=(); commands=()
add() { names+=("$1"); commands+=("$2"); }
add "plan --version" "$PLAN_BIN --version"
add "plan list" "$PLAN_BIN list"
add "plan show 1 (cached forecast)" "$PLAN_BIN show 1"
add "plan show 2 (no forecast)" "$PLAN_BIN show 2"
if [ -n "$PLAN_BIN_BEFORE" ]; then
    add "before: plan --version" "env PLAN_DB=$BEFORE_DB $PLAN_BIN_BEFORE --version"
    add "before: plan list" "env PLAN_DB=$BEFORE_DB $PLAN_BIN_BEFORE list"
    add "before: plan show 1 (cached forecast)" "env PLAN_DB=$BEFORE_DB $PLAN_BIN_BEFORE show 1"
    add "before: plan show 2 (no forecast)" "env PLAN_DB=$BEFORE_DB $PLAN_BIN_BEFORE show 2"
fi
args=()
for i in "${!names[@]}"; do args+=(-n "${names[$i]}" "${commands[$i]}"); done
# The sqlite3 peers read their SQL from a file (hyperfine -N splits the command like a shell, quotes kept).
printf '%s' "$LIST_SQL" >"$WORK/list.sql"
printf '%s' "$SHOW_SQL" >"$WORK/show.sql"
args+=(-n "sqlite3: open + a query" "sqlite3 -batch -init /dev/null $PLAN_DB 'SELECT 1'")
args+=(-n "sqlite3: list's reads" "sqlite3 -batch -init /dev/null $PLAN_DB '.read $WORK/list.sql'")
args+=(-n "sqlite3: show's reads" "sqlite3 -batch -init /dev/null $PLAN_DB '.read $WORK/show.sql'")

echo
echo "(a) whole process (hyperfine -N, 10 warm-up runs, $RUNS runs each)"
hyperfine -N --style none --warmup 10 --runs "$RUNS" --export-json "$WORK/startup.json" "${args[@]}" >/dev/null
summarize hyperfine "$WORK/startup.json" \
    --pair "Start-up: plan --version vs sqlite3 opening the database and running a query" "plan --version" "sqlite3: open + a query" \
    --pair "Start-up: plan list vs sqlite3 running list's query" "plan list" "sqlite3: list's reads" \
    --pair "Start-up: plan show (cached forecast) vs sqlite3 running show's reads" "plan show 1 (cached forecast)" "sqlite3: show's reads"
"$PY" - "$WORK/startup.json" <<'PYEOF'
import json, statistics, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
def extra(prefix=""):
    a, b = r[prefix + "plan show 1 (cached forecast)"], r[prefix + "plan show 2 (no forecast)"]
    wall = (statistics.median(a["times"]) - statistics.median(b["times"])) * 1000
    cpu = ((a["user"] + a["system"]) - (b["user"] + b["system"])) * 1000
    return wall, cpu
wall, cpu = extra()
print(f"  show's extra cost for a cached forecast (show 1 - show 2): {wall:.2f} ms wall (medians), {cpu:.2f} ms CPU (means)")
if "before: plan show 1 (cached forecast)" in r:
    wall, cpu = extra("before: ")
    print(f"  before: {wall:.2f} ms wall (medians), {cpu:.2f} ms CPU (means)")
PYEOF

echo
echo "(b) instructions executed (valgrind --tool=callgrind; one run each)"
count() { # name command...
    local name="$1"; shift
    local n; n="$(instructions "$@")"
    printf '  %-40s %14s\n' "$name" "$n"
    echo "$name=$n" >>"$WORK/instructions.txt"
}
: >"$WORK/instructions.txt"
count "plan --version" "$PLAN_BIN" --version
count "plan list" "$PLAN_BIN" list
count "plan show 1 (cached forecast)" "$PLAN_BIN" show 1
count "plan show 2 (no forecast)" "$PLAN_BIN" show 2
if [ -n "$PLAN_BIN_BEFORE" ]; then
    # valgrind 3.19 crashes on the dynamically linked build (n/a then).
    count "before: plan --version" env PLAN_DB="$BEFORE_DB" "$PLAN_BIN_BEFORE" --version
    count "before: plan show 1 (cached forecast)" env PLAN_DB="$BEFORE_DB" "$PLAN_BIN_BEFORE" show 1
fi
count "sqlite3: open + a query" "${SQ[@]}" "SELECT 1"
count "sqlite3: list's reads" "${SQ[@]}" "$LIST_SQL"
count "sqlite3: show's reads" "${SQ[@]}" "$SHOW_SQL"
"$PY" - "$WORK/instructions.txt" <<'PYEOF'
import sys
c = dict(line.strip().split("=", 1) for line in open(sys.argv[1]) if "=" in line)
def m(name): return float(c[name]) if c.get(name, "n/a") != "n/a" else None
for plan, peer in [("plan --version", "sqlite3: open + a query"), ("plan list", "sqlite3: list's reads"),
                   ("plan show 1 (cached forecast)", "sqlite3: show's reads")]:
    a, b = m(plan), m(peer)
    if a and b:
        print(f"  {plan}: {a / 1e6:.1f}M instructions, {a / b:.2f}x sqlite3's {b / 1e6:.1f}M")
a, b = m("plan show 1 (cached forecast)"), m("plan show 2 (no forecast)")
if a and b:
    print(f"  show's extra for a cached forecast: {(a - b) / 1e6:.2f}M instructions")
PYEOF
"$PY" "$BENCH_DIR/summarize.py" record "Start-up, instructions: plan --version / list / show 1 vs sqlite3 doing the same reads" \
    "$(for k in "plan --version" "plan list" "plan show 1 (cached forecast)"; do millions "$(grep -F "$k=" "$WORK/instructions.txt" | head -1 | cut -d= -f2)"; done | paste -sd/)" \
    "$(for k in "sqlite3: open + a query" "sqlite3: list's reads" "sqlite3: show's reads"; do millions "$(grep -F "$k=" "$WORK/instructions.txt" | cut -d= -f2)"; done | paste -sd/)" \
    "callgrind"

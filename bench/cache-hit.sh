#!/usr/bin/env bash
# Cache hit: plan's SQLite HTTP cache vs requests-cache (SQLite backend), serving the same stored
# NWS forecast from the loopback stand-in.
#
#   bench/cache-hit.sh            (RUNS=200 whole-process runs, HITS=10000 in-process hits)
#
# What is measured:
#  (a) whole process, hyperfine -N, warm cache, no network request:
#      - `plan show 1`: opens the db, reads the trip, two cache hits (/points, then the forecast),
#        decodes the forecast, prints the trip with its three forecast days; each hit is a SELECT plus
#        a write transaction (hit counters);
#      - `plan show 2`: the same for a trip without a place: no cache hit at all (the baseline);
#      - python + requests-cache, one `session.get` hit of the same forecast URL (what the brief asks);
#      - python + requests-cache doing plan show's two hits and parsing both JSON bodies.
#  (b) in process, 10,000 hits: requests-cache `session.get`. plan has no in-process entry point
#      (no library product, and Package.swift is not to be touched), so for plan the script prints
#      (i) the marginal cost of `show`'s two hits + decode + render (show 1 minus show 2 medians),
#      and (ii) a floor: plan's exact per-hit SQL run 10,000 times through Python's sqlite3 module on
#      a copy of plan's database. (ii) is not plan's Swift code and is labelled so.
source "$(dirname "$0")/lib.sh"
bench_nice "$0" "$@"
require

RUNS="${RUNS:-200}"
HITS="${HITS:-10000}"
make_work cache-hit
start_standin
export PLAN_DB="$WORK/plan.sqlite"
today="$(date +%F)"
end="$(date -d '+2 day' +%F)"

echo "== Cache hit: plan vs requests-cache (SQLite backend); $RUNS whole-process runs, $HITS in-process hits"
"$PLAN_BIN" add "Denver, CO" --from "$today" --to "$end" >/dev/null
"$PLAN_BIN" show 1 >/dev/null 2>&1            # two misses fill plan's cache
sqlite3 "$PLAN_DB" "INSERT INTO trips (name, destination, place_id, start_date, end_date, created_at)
                    VALUES ('No place', 'Nowhere', NULL, '$today', '$end', strftime('%s', 'now'))"
POINTS_URL="$PLAN_NWS_URL/points/39.7392,-104.9847"
FORECAST_URL="$(sqlite3 "$PLAN_DB" "SELECT url FROM http_cache WHERE url LIKE '%/forecast'")"
[ -n "$FORECAST_URL" ] || die "plan did not cache the forecast"
RC="$WORK/requests-cache.sqlite"
rc_forecast="$("$PY" "$BENCH_DIR/requests_cache_hit.py" prime "$RC" "$POINTS_URL")"
[ "$rc_forecast" = "$FORECAST_URL" ] || die "requests-cache primed $rc_forecast, plan has $FORECAST_URL"
body_plan="$(sqlite3 "$PLAN_DB" "SELECT length(body) FROM http_cache WHERE url = '$FORECAST_URL'")"
echo "Forecast URL: $FORECAST_URL ($body_plan bytes in plan's cache)"

requests_before="$(standin_control GET /_control/requests | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["total"])')"
hits_before="$(sqlite3 "$PLAN_DB" "SELECT value FROM counters WHERE name = 'cache.hit'" || true)"

echo
echo "(a) whole process, warm cache (hyperfine -N, 5 warm-up runs, $RUNS runs each)"
hyperfine -N --style none --warmup 5 --runs "$RUNS" --export-json "$WORK/whole.json" \
    -n "plan show 1 (2 hits)" "$PLAN_BIN show 1" \
    -n "plan show 2 (no place, 0 hits)" "$PLAN_BIN show 2" \
    -n "requests-cache: 1 hit" "$PY $BENCH_DIR/requests_cache_hit.py hit1 $RC $FORECAST_URL" \
    -n "requests-cache: 2 hits + JSON" "$PY $BENCH_DIR/requests_cache_hit.py show $RC $POINTS_URL" \
    >/dev/null
summarize hyperfine "$WORK/whole.json" \
    --pair "Cache hit, whole process: plan show (2 hits) vs python one requests-cache hit" \
        "plan show 1 (2 hits)" "requests-cache: 1 hit" \
    --pair "Cache hit, whole process, same work: plan show vs python doing show's 2 hits + JSON" \
        "plan show 1 (2 hits)" "requests-cache: 2 hits + JSON"

requests_after="$(standin_control GET /_control/requests | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["total"])')"
hits_after="$(sqlite3 "$PLAN_DB" "SELECT value FROM counters WHERE name = 'cache.hit'")"
echo "  check: requests reaching the stand-in during the runs: $((requests_after - requests_before)) (expected 0);" \
     "plan's cache.hit counter +$((hits_after - ${hits_before:-0})) (expected $(( (RUNS + 5) * 2 )))"

marginal="$("$PY" - "$WORK/whole.json" <<'EOF'
import json, statistics, sys
r = {x["command"]: statistics.median(x["times"]) for x in json.load(open(sys.argv[1]))["results"]}
print(f'{(r["plan show 1 (2 hits)"] - r["plan show 2 (no place, 0 hits)"]) * 1000:.2f}')
EOF
)"
marginal_cpu="$("$PY" - "$WORK/whole.json" <<'EOF'
import json, sys
r = {x["command"]: x["user"] + x["system"] for x in json.load(open(sys.argv[1]))["results"]}
print(f'{(r["plan show 1 (2 hits)"] - r["plan show 2 (no place, 0 hits)"]) * 1000:.2f}')
EOF
)"
echo "  plan, marginal cost of show's 2 hits + NWS decode + 3-day render (show 1 - show 2):" \
     "$marginal ms wall (medians), $marginal_cpu ms CPU (means)"

echo
echo "(b) in process, $HITS hits"
rc_json="$("$PY" "$BENCH_DIR/requests_cache_hit.py" inprocess "$RC" "$FORECAST_URL" "$HITS")"
sqlite3 "$PLAN_DB" ".backup '$WORK/plan-copy.sqlite'"
sql_json="$("$PY" "$BENCH_DIR/requests_cache_hit.py" plan-sql "$WORK/plan-copy.sqlite" "$FORECAST_URL" "$HITS")"
"$PY" - "$rc_json" "$sql_json" "$marginal" <<'EOF'
import json, sys
rc, sql, marginal = json.loads(sys.argv[1]), json.loads(sys.argv[2]), float(sys.argv[3])
print(f"  requests-cache session.get hit:            median {rc['median_us']:8.1f} us   p90 {rc['p90_us']:8.1f} us   ({rc['bytes']} bytes)")
print(f"  plan: no in-process entry point; marginal of 2 hits + decode + render: {marginal*1000:.0f} us wall per show (an upper bound for 2 hits)")
print(f"  floor, plan's hit SQL via Python sqlite3:  median {sql['median_us']:8.1f} us   p90 {sql['p90_us']:8.1f} us   (NOT plan's code)")
print(f"        of which the SELECT alone:           median {sql['read_median_us']:8.1f} us   p90 {sql['read_p90_us']:8.1f} us")
print(f"  requests-cache hit / plan's hit SQL floor = {rc['median_us'] / sql['median_us']:.2f}x (median)")
EOF
"$PY" "$BENCH_DIR/summarize.py" record \
    "Cache hit, in process, per hit ($HITS hits)" \
    "n/a in process; SQL floor $("$PY" -c "import json,sys; d=json.loads(sys.argv[1]); print(f\"{d['median_us']:.0f} us (p90 {d['p90_us']:.0f} us)\")" "$sql_json"); show's 2 hits+decode+render add $marginal ms wall, $marginal_cpu ms CPU" \
    "$("$PY" -c "import json,sys; d=json.loads(sys.argv[1]); print(f\"{d['median_us']:.0f} us (p90 {d['p90_us']:.0f} us)\")" "$rc_json")" \
    "$("$PY" -c "import json,sys; a=json.loads(sys.argv[1]); b=json.loads(sys.argv[2]); print(f\"{a['median_us']/b['median_us']:.2f}x vs the floor\")" "$rc_json" "$sql_json")" \
    "SQL floor = plan's statements through Python sqlite3, not plan's code"

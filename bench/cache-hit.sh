#!/usr/bin/env bash
# Cache hit: plan's SQLite HTTP cache vs requests-cache (SQLite backend), serving the same stored
# NWS forecast from the loopback stand-in.
#
#   bench/cache-hit.sh            (RUNS=200 whole-process runs, HITS=10000 in-process hits)
#
# What is measured:
#  (a) whole process, hyperfine -N, warm cache, no network request:
#      - `plan show 1`: opens the db, reads the trip, two cache hits (/points, then the forecast),
#        reads the decoded forecast kept beside the body, prints the trip with its three forecast days;
#        the hit counters are written once, at the end;
#      - `plan show 2`: the same for a trip without a place: no cache hit at all (the baseline);
#      - python + requests-cache, one `session.get` hit of the same forecast URL (what the brief asks);
#      - python + requests-cache doing plan show's two hits and parsing both JSON bodies.
#  (b) in process, 10,000 hits each, timed one by one: requests-cache `session.get` vs plan's own hit
#      path in Swift (`plan-bench cache-hit`, Sources/plan-bench): HTTPClient.getDecoded of the same
#      forecast URL — the lookup, freshness, the hit counted (in memory, written once at the end) and
#      the decoded forecast read back from the record kept beside the body. Also show's two hits and the
#      bare lookup, and instructions per hit from callgrind (2,000 hits minus 1,000).
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
echo "(b) in process, $HITS hits: plan's own hit path (plan-bench, Swift) vs requests-cache session.get"
rc_json="$("$PY" "$BENCH_DIR/requests_cache_hit.py" inprocess "$RC" "$FORECAST_URL" "$HITS")"
sqlite3 "$PLAN_DB" ".backup '$WORK/plan-copy.sqlite'"
plan_json="$("$PLAN_BENCH_TOOL" cache-hit "$WORK/plan-copy.sqlite" "$PLAN_NWS_URL" 1 "$HITS")"
sqlite3 "$PLAN_DB" ".backup '$WORK/plan-count.sqlite'"
n1="$(instructions "$PLAN_BENCH_TOOL" hit-only "$WORK/plan-count.sqlite" "$PLAN_NWS_URL" 1 1000)"
n2="$(instructions "$PLAN_BENCH_TOOL" hit-only "$WORK/plan-count.sqlite" "$PLAN_NWS_URL" 1 2000)"
"$PY" - "$rc_json" "$plan_json" "$n1" "$n2" <<'PYEOF'
import json, sys
rc, plan = json.loads(sys.argv[1]), json.loads(sys.argv[2])
n1, n2 = sys.argv[3], sys.argv[4]
print(f"  requests-cache session.get hit:                 median {rc['median_us']:8.1f} us   p90 {rc['p90_us']:8.1f} us   ({rc['bytes']} bytes)")
print(f"  plan hit (HTTPClient.getDecoded, forecast):     median {plan['hit_median_us']:8.2f} us   p90 {plan['hit_p90_us']:8.2f} us   ({plan['days']} days decoded)")
print(f"  plan show's two hits (ForecastService):         median {plan['show_median_us']:8.2f} us   p90 {plan['show_p90_us']:8.2f} us")
print(f"  plan's lookup alone (Store.freshDecoded):       median {plan['lookup_median_us']:8.2f} us   p90 {plan['lookup_p90_us']:8.2f} us")
print(f"  counters: {plan['counted']} hits counted in memory, written in one transaction of {plan['flush_us'] / 1000:.2f} ms")
if n1 != "n/a" and n2 != "n/a":
    print(f"  plan hit, instructions (callgrind, 2,000 minus 1,000 hits): {(int(n2) - int(n1)) / 1000:,.0f} per hit")
print(f"  requests-cache hit / plan hit = {rc['median_us'] / plan['hit_median_us']:.1f}x (medians)")
PYEOF
per_hit="n/a"
if [ "$n1" != n/a ] && [ "$n2" != n/a ]; then per_hit="$(( (n2 - n1) / 1000 ))"; fi
"$PY" "$BENCH_DIR/summarize.py" record \
    "Cache hit, in process, per hit ($HITS hits): plan's getDecoded vs requests-cache session.get" \
    "$("$PY" -c "import json,sys; d=json.loads(sys.argv[1]); print(f\"{d['hit_median_us']:.2f} us (p90 {d['hit_p90_us']:.2f} us), {sys.argv[2]} instructions\")" "$plan_json" "$per_hit")" \
    "$("$PY" -c "import json,sys; d=json.loads(sys.argv[1]); print(f\"{d['median_us']:.0f} us (p90 {d['p90_us']:.0f} us)\")" "$rc_json")" \
    "$("$PY" -c "import json,sys; a=json.loads(sys.argv[1]); b=json.loads(sys.argv[2]); print(f\"{a['median_us']/b['hit_median_us']:.1f}x\")" "$rc_json" "$plan_json")"

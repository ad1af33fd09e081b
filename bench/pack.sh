#!/usr/bin/env bash
# Pack: `plan pack <trip>` (built-in engine) with a warm cache vs a cold one, through the loopback
# weather stand-in with 300 ms added to every request (its `slow` fault: delay 0.3, times null,
# match "/"); hyperfine -N. Then the peak memory (/usr/bin/time -v, max RSS) of both.
#
#   bench/pack.sh          (RUNS=20)
#
# Cold: before each run the prepare step empties plan's HTTP cache (DELETE FROM http_cache), so the
# pack fetches /points and the forecast (two sequential requests, so at least 0.6 s of added delay).
# Warm: the cache holds both, fresh (plan keeps a forecast at least an hour), so no request is made.
# Each pack writes a session, its transcript, a pinned forecast and a packing list in both cases.
source "$(dirname "$0")/lib.sh"
bench_nice "$0" "$@"
require

RUNS="${RUNS:-20}"
WARMUP=2
make_work pack
start_standin
export PLAN_DB="$WORK/plan.sqlite"
today="$(date +%F)"
end="$(date -d '+2 day' +%F)"

echo "== Pack: warm cache vs cold cache with 300 ms per request"
"$PLAN_BIN" add "Denver, CO" --from "$today" --to "$end" >/dev/null
"$PLAN_BIN" pack 1 >/dev/null 2>&1                    # fills the cache
standin_control POST /_control/reset >/dev/null
standin_control POST /_control/fault '{"match": "/", "mode": "slow", "delay": 0.3, "times": null}' >/dev/null
echo "Trip: Denver, CO, $today to $end; stand-in fault: slow, 0.3 s, every path"

hyperfine -N --style none --warmup "$WARMUP" --runs "$RUNS" --export-json "$WORK/pack.json" \
    --prepare "sqlite3 $PLAN_DB 'SELECT 1'" -n "plan pack 1, warm cache" "$PLAN_BIN pack 1" \
    --prepare "sqlite3 $PLAN_DB 'DELETE FROM http_cache'" -n "plan pack 1, cold cache (+300 ms/request)" "$PLAN_BIN pack 1" \
    >/dev/null
summarize hyperfine "$WORK/pack.json" \
    --pair "Pack, warm cache vs cold cache with 300 ms per request" \
        "plan pack 1, warm cache" "plan pack 1, cold cache (+300 ms/request)"
requests="$(standin_control GET /_control/requests | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["total"])')"
echo "  check: requests that reached the stand-in: $requests (expected $((2 * (RUNS + WARMUP))): 2 per cold run, 0 per warm run)"
"$PY" - "$WORK/pack.json" <<'EOF'
import json, statistics, sys
r = {x["command"]: statistics.median(x["times"]) for x in json.load(open(sys.argv[1]))["results"]}
cold = r["plan pack 1, cold cache (+300 ms/request)"]
warm = r["plan pack 1, warm cache"]
print(f"  cold minus the 0.6 s of injected delay: {(cold - 0.6) * 1000:.0f} ms (warm: {warm * 1000:.0f} ms); "
      f"so the two real loopback fetches and their storing cost about {(cold - 0.6 - warm) * 1000:.0f} ms")
c = {x["command"]: x["user"] + x["system"] for x in json.load(open(sys.argv[1]))["results"]}
extra = c["plan pack 1, cold cache (+300 ms/request)"] - c["plan pack 1, warm cache"]
print(f"  CPU: cold {c['plan pack 1, cold cache (+300 ms/request)'] * 1000:.0f} ms vs warm {c['plan pack 1, warm cache'] * 1000:.0f} ms: "
      f"{extra * 1000:.0f} ms more CPU for 0.6 s spent waiting on the network (~{extra / 0.6:.2f} of a core busy while waiting)")
EOF

echo
echo "Peak memory of pack (/usr/bin/time -v, maximum resident set size, median of 3)"
peak() { # prepare-sql, then the command
    local sql="$1" i rss=()
    shift
    for i in 1 2 3; do
        sqlite3 "$PLAN_DB" "$sql" >/dev/null
        /usr/bin/time -v -o "$WORK/time.txt" "$@" >/dev/null 2>&1
        rss+=("$(awk -F': ' '/Maximum resident set size/ {print $2}' "$WORK/time.txt")")
    done
    printf '%s\n' "${rss[@]}" | sort -n | sed -n 2p
}
warm_rss="$(peak 'SELECT 1' "$PLAN_BIN" pack 1)"
cold_rss="$(peak 'DELETE FROM http_cache' "$PLAN_BIN" pack 1)"
echo "  plan pack, warm: $((warm_rss / 1024)) MiB;  cold: $((cold_rss / 1024)) MiB"
"$PY" "$BENCH_DIR/summarize.py" record "Peak memory (max RSS), plan pack" \
    "$((warm_rss / 1024)) MiB warm" "$((cold_rss / 1024)) MiB cold" "$(awk "BEGIN {printf \"%.2fx\", $cold_rss / $warm_rss}")" \
    "no outside tool to compare; warm vs cold"

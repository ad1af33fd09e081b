#!/usr/bin/env bash
# The phone page (`plan serve`, issue 46): a tick's round trip on loopback, beside `plan check` ticking the same
# item from the command line (a process a tick), and the page's weight beside the same list as Markdown.
#
#   bench/serve.sh          (RUNS=20)
#
# A trip (Denver, three nights, hiking) packed with the built-in engine through the loopback weather stand-in;
# `plan serve` on 127.0.0.1; Tests/Web/phone.py's protocol mode sends 40 ticks (tick, untick, …) of the page's
# first item over raw sockets, each a new connection, and gives the median and the slowest (it also runs the
# server's limits: a 200 KB header, a slow client, a burst of 500 requests, two phones at once).
source "$(dirname "$0")/lib.sh"
bench_nice "$0" "$@"
[ -x "$PLAN_BIN" ] || die "no plan binary at $PLAN_BIN; build it: nice -n 10 swift build -c release --scratch-path $PLAN_BENCH_BUILD (or bench/setup.sh)"
command -v hyperfine >/dev/null || die "hyperfine is missing; run bench/setup.sh (apt-get install hyperfine)"

RUNS="${RUNS:-20}"
make_work serve
start_standin
export PLAN_DB="$WORK/plan.sqlite"
today="$(date +%F)"
end="$(date -d '+3 day' +%F)"
"$PLAN_BIN" add "Denver, CO" --from "$today" --to "$end" --activities hiking >/dev/null 2>&1
"$PLAN_BIN" pack 1 >/dev/null 2>&1

"$PLAN_BIN" serve 1 --bind 127.0.0.1 --port 0 --json >"$WORK/serve.out" 2>"$WORK/serve.err" &
STARTED_PIDS+=($!)
for i in $(seq 1 100); do
    [ -s "$WORK/serve.out" ] && break
    sleep 0.05
done
url="$(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["url"])' "$WORK/serve.out")"
echo "== The tick's round trip on loopback (40 ticks), and the page's weight"
python3 "$REPO_DIR/Tests/Web/phone.py" protocol "$url" >"$WORK/protocol.json"
python3 - "$WORK/protocol.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print("page tick: median %s ms, slowest %s ms (%s ticks)" % (d["tickRoundTripMedianMs"], d["tickRoundTripMaxMs"], d["ticksSent"]))
total = d["pageBytes"] + d["styleBytes"] + d["scriptBytes"]
print("page: %d B HTML + %d B CSS + %d B JS = %d B" % (d["pageBytes"], d["styleBytes"], d["scriptBytes"], total))
PY
first="$("$PLAN_BIN" show 1 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["packingList"]["items"][0]["name"])')"
echo "== plan check \"$first\" (a process a tick, each one writing), $RUNS runs"
# Each timed tick writes: the item is unticked before it (--prepare, not timed).
hyperfine -N --runs "$RUNS" --warmup 2 --export-json "$WORK/check.json" \
    --prepare "$PLAN_BIN uncheck 1 --name \"$first\"" "$PLAN_BIN check 1 --name \"$first\"" 2>/dev/null | grep -E "Time|Range"
printf 'the same list as Markdown (plan show 1 --markdown): %s B\n' "$("$PLAN_BIN" show 1 --markdown | wc -c)"

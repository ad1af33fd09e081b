#!/usr/bin/env bash
# Context spent: tokens of tool output a 3-day trip puts into the model's context.
#
#   bench/context.sh
#
# plan: the `forecast` tool's output in the transcript of `plan pack` (built-in engine; the tool output
# is the same whatever the model), read back with `plan history show <session> --json`.
# The original app's way: the whole NWS gridpoint forecast JSON (14 periods, every field), exactly as
# the loopback stand-in serves it. Both are counted by the same tokenizer: llama-server's /tokenize
# with the first model in $PLAN_CACHE/models/*.gguf when $PLAN_CACHE/bin/llama-server exists
# (scripts/install-llama.sh installs both), else an estimate of ceil(UTF-8 bytes / 4), said so.
# It also checks that every trip day's temperatures, precipitation chance, wind and short forecasts
# are still in plan's text.
source "$(dirname "$0")/lib.sh"
bench_nice "$0" "$@"
require

make_work context
start_standin
export PLAN_DB="$WORK/plan.sqlite"
today="$(date +%F)"
end="$(date -d '+2 day' +%F)"

echo "== Context spent: plan's forecast tool output vs the whole NWS forecast JSON"
"$PLAN_BIN" add "Denver, CO" --from "$today" --to "$end" >/dev/null
session="$("$PLAN_BIN" pack 1 --json 2>/dev/null | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["session"])')"
"$PLAN_BIN" history show "$session" --json >"$WORK/session.json"
FORECAST_URL="$(sqlite3 "$PLAN_DB" "SELECT url FROM http_cache WHERE url LIKE '%/forecast'")"
curl -sf -A "plan-bench/1.0 (bench@example.com)" -H "Accept: application/geo+json" "$FORECAST_URL" -o "$WORK/forecast.json"
echo "Trip: Denver, CO, $today to $end (3 days); session $session; forecast $FORECAST_URL"

tokenize_url=""
server="$PLAN_CACHE/bin/llama-server"
model="$(ls "$PLAN_CACHE"/models/*.gguf 2>/dev/null | head -n 1 || true)"
if [ -x "$server" ] && [ -n "$model" ]; then
    port="$(free_port)"
    "$server" -m "$model" --host 127.0.0.1 --port "$port" -c 8192 -t 1 >"$WORK/llama-server.log" 2>&1 &
    STARTED_PIDS+=($!)
    for _ in $(seq 1 300); do
        if curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1; then tokenize_url="http://127.0.0.1:$port/tokenize"; break; fi
        sleep 0.1
    done
    [ -n "$tokenize_url" ] || log "llama-server did not come up (see $WORK/llama-server.log); using the estimate"
    echo "Model: $(basename "$model")"
else
    echo "No llama-server or model under $PLAN_CACHE: token counts are an estimate (ceil(bytes / 4))."
fi

CONTEXT_RESULT="$WORK/result.json" "$PY" "$BENCH_DIR/context.py" \
    "$WORK/session.json" "$WORK/forecast.json" "$today" "$end" ${tokenize_url:+"$tokenize_url"}

"$PY" - "$WORK/result.json" "$BENCH_DIR/summarize.py" <<'EOF'
import json, subprocess, sys
r = json.load(open(sys.argv[1]))
how = "SmolLM2 tokenizer via llama-server" if r["how"].startswith("llama") else r["how"]
subprocess.run([sys.executable, sys.argv[2], "record", "Context spent by a 3-day trip's forecast (tokens)",
                f"{r['plan_tokens']} tokens", f"{r['raw_tokens']} tokens (whole 14-period JSON)",
                f"{r['ratio']:.1f}x", f"{how}; trip-day figures present: {'yes' if r['check'] else 'NO'}"], check=True)
EOF

#!/usr/bin/env bash
# A real small model packing a trip, before and after: prompt and completion tokens (and how many the
# server's prompt cache reused), model rounds and wall time per pack, for two plan binaries in one run.
#
#   bench/model-pack.sh OLD_PLAN NEW_PLAN [window] [packs]
#
# Needs llama-server and SmolLM2 from scripts/install-llama.sh (LLAMA_SERVER, LLAMA_MODEL), python3.
# Each binary packs `packs` trips (Denver, Seattle, Chicago, Phoenix… in turn) against the loopback weather
# stand-in, through bench/usage_proxy.py, which counts what the server reports. Greedy sampling, one
# llama-server, the same machine; the binaries run one after the other.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
old=${1:?usage: model-pack.sh OLD_PLAN NEW_PLAN [window] [packs]}
new=${2:?usage: model-pack.sh OLD_PLAN NEW_PLAN [window] [packs]}
window=${3:-2048}
packs=${4:-3}
out=$(mktemp -d /tmp/plan-model-bench.XXXXXX)
source "$here/model-lib.sh"
start_llama "$window"
start_services

cities=("Denver, CO" "Seattle" "Chicago" "Phoenix" "San Diego" "Paris")
today=$(date +%F)
end=$(date -d '+3 days' +%F)
printf '%-5s %6s %9s %9s %9s %7s %8s  %s\n' binary packs prompt cached complete rounds "wall s" "exit codes"
for label in old new; do
    binary=$old; [ "$label" = new ] && binary=$new
    log="$out/$label.jsonl"; : >"$log"
    python3 "$here/usage_proxy.py" --upstream "http://127.0.0.1:$llama_port" --port 0 --log "$log" >"$out/proxy-$label.out" 2>&1 &
    pids+=($!)
    proxy="http://127.0.0.1:$(port_of "$out/proxy-$label.out")"
    export PLAN_DB="$out/$label.sqlite" PLAN_NWS_URL=$services PLAN_OPEN_METEO_URL=$services PLAN_CLIMATE_URL=$services PLAN_CONTACT=bench@example.com \
        PLAN_MODEL=$proxy PLAN_MODEL_TIMEOUT=900
    codes=()
    started=$(date +%s.%N)
    for i in $(seq 1 "$packs"); do
        city=${cities[$(( (i - 1) % ${#cities[@]} ))]}
        "$binary" add "$city" --from "$today" --to "$end" >/dev/null 2>&1
        set +e; "$binary" pack "$i" >"$out/$label-pack-$i.txt" 2>"$out/$label-pack-$i.err"; codes+=($?); set -e
    done
    wall=$(python3 -c "import time; print(round(time.time() - $started, 1))")
    python3 - "$log" "$label" "$packs" "$wall" "${codes[*]}" <<'PY'
import json, sys
log, label, packs, wall, codes = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
rows = [json.loads(line) for line in open(log) if line.strip()]
prompt = sum(r["prompt_tokens"] for r in rows)
cached = sum(r["cached_tokens"] for r in rows)
done = sum(r["completion_tokens"] for r in rows)
print(f"{label:<5} {packs:>6} {prompt / packs:>9.0f} {cached / packs:>9.0f} {done / packs:>9.0f} {len(rows) / packs:>7.1f} {wall / packs:>8.1f}  {codes}")
PY
done
echo "(per pack: server-reported prompt tokens, of them reused from its prompt cache, completion tokens; model rounds; wall time)"
echo "window $window, model $(basename "$LLAMA_MODEL"), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); scratch in $out"

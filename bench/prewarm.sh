#!/usr/bin/env bash
# What the prewarm buys a model pack: one real `plan pack` through bench/usage_proxy.py saves its request
# bodies; bench/prewarm.py replays the first round against llama-server with and without the prewarm.
#
#   bench/prewarm.sh [PLAN] [window] [runs]
#
# Needs llama-server and SmolLM2 from scripts/install-llama.sh (LLAMA_SERVER, LLAMA_MODEL), python3.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
plan=${1:-$root/.build/bench-release/release/plan}
window=${2:-2048}
runs=${3:-5}
out=$(mktemp -d /tmp/plan-prewarm-bench.XXXXXX)
source "$here/model-lib.sh"
# --cache-ram 0: no host-memory prompt cache, so emptying the one slot empties the cache (a fresh server).
start_llama "$window" --parallel 1 --cache-ram 0
start_services
mkdir -p "$out/bodies"
python3 "$here/usage_proxy.py" --upstream "http://127.0.0.1:$llama_port" --port 0 --log "$out/usage.jsonl" \
    --bodies "$out/bodies" >"$out/proxy.out" 2>&1 &
pids+=($!)
proxy="http://127.0.0.1:$(port_of "$out/proxy.out")"
export PLAN_DB="$out/plan.sqlite" PLAN_NWS_URL=$services PLAN_OPEN_METEO_URL=$services PLAN_CLIMATE_URL=$services PLAN_CONTACT=bench@example.com \
    PLAN_MODEL=$proxy PLAN_MODEL_TIMEOUT=900
"$plan" add "Denver, CO" --from "$(date +%F)" --to "$(date -d '+3 days' +%F)" >/dev/null
set +e; "$plan" pack 1 >"$out/pack.txt" 2>"$out/pack.err"; code=$?; set -e
echo "== Prewarm: the first model round with and without the instructions already in llama-server's cache"
echo "(one plan pack recorded its requests, exit $code; window $window, $(basename "$LLAMA_MODEL"))"
python3 "$here/prewarm.py" --server "http://127.0.0.1:$llama_port" --bodies "$out/bodies" --runs "$runs"
echo "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); scratch in $out"

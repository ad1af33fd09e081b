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
: "${LLAMA_SERVER:?run: eval \"\$(scripts/install-llama.sh)\"}"
: "${LLAMA_MODEL:?run: eval \"\$(scripts/install-llama.sh)\"}"
out=$(mktemp -d /tmp/plan-prewarm-bench.XXXXXX)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port_of() { for _ in $(seq 100); do grep -m1 '^PORT ' "$1" 2>/dev/null | cut -d' ' -f2 && return 0; sleep 0.1; done; return 1; }

llama_port=$(free_port)
# --cache-ram 0: no host-memory prompt cache, so emptying the one slot empties the cache (a fresh server).
"$LLAMA_SERVER" -m "$LLAMA_MODEL" --host 127.0.0.1 --port "$llama_port" -c "$window" --parallel 1 --cache-ram 0 --jinja >"$out/llama.log" 2>&1 &
pids+=($!)
for _ in $(seq 300); do curl -sf "http://127.0.0.1:$llama_port/health" >/dev/null 2>&1 && break; sleep 0.2; done
python3 "$root/Tests/Fixtures/services/server.py" --port 0 >"$out/services.out" 2>"$out/services.err" &
pids+=($!)
services="http://127.0.0.1:$(port_of "$out/services.out")"
mkdir -p "$out/bodies"
python3 "$here/usage_proxy.py" --upstream "http://127.0.0.1:$llama_port" --port 0 --log "$out/usage.jsonl" \
    --bodies "$out/bodies" >"$out/proxy.out" 2>&1 &
pids+=($!)
proxy="http://127.0.0.1:$(port_of "$out/proxy.out")"
export PLAN_DB="$out/plan.sqlite" PLAN_NWS_URL=$services PLAN_OPEN_METEO_URL=$services PLAN_CONTACT=bench@example.com \
    PLAN_MODEL=$proxy PLAN_MODEL_TIMEOUT=900
"$plan" add "Denver, CO" --from "$(date +%F)" --to "$(date -d '+3 days' +%F)" >/dev/null
set +e; "$plan" pack 1 >"$out/pack.txt" 2>"$out/pack.err"; code=$?; set -e
echo "== Prewarm: the first model round with and without the instructions already in llama-server's cache"
echo "(one plan pack recorded its requests, exit $code; window $window, $(basename "$LLAMA_MODEL"))"
python3 "$here/prewarm.py" --server "http://127.0.0.1:$llama_port" --bodies "$out/bodies" --runs "$runs"
echo "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); scratch in $out"

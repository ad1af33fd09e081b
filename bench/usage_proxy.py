#!/usr/bin/env python3
"""A logging proxy in front of an OpenAI-compatible model server, for bench/model-pack.sh.

    python3 bench/usage_proxy.py --upstream http://127.0.0.1:8080 --port 0 --log FILE

Prints `PORT <n>` once bound to 127.0.0.1, then forwards every request as it is and appends one JSON line
per chat completion to FILE: prompt_tokens, completion_tokens, cached_tokens (llama-server's
prompt_tokens_details.cached_tokens, else timings.cache_n), finish_reason. Bodies are read whole (plan's
packs do not stream). With --bodies DIR, each chat completion's request body is also saved there as
001.json, 002.json, … (bench/prewarm.sh replays them). Standard library only; loopback only.
"""

import argparse
import json
import sys
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--upstream", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--log", required=True)
    parser.add_argument("--bodies", help="a folder to save each chat completion request body in")
    args = parser.parse_args()
    saved = [0]
    upstream = args.upstream.rstrip("/")

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *_):
            pass

        def forward(self, method):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else None
            if args.bodies and body and self.path.endswith("/chat/completions"):
                with LOCK:
                    saved[0] += 1
                    with open(f"{args.bodies}/{saved[0]:03d}.json", "wb") as file:
                        file.write(body)
            request = urllib.request.Request(upstream + self.path, data=body, method=method)
            for key in ("Content-Type", "Authorization", "Accept"):
                if self.headers.get(key):
                    request.add_header(key, self.headers[key])
            try:
                with urllib.request.urlopen(request, timeout=900) as answer:
                    status, data, kind = answer.status, answer.read(), answer.headers.get("Content-Type", "")
            except urllib.error.HTTPError as error:
                status, data, kind = error.code, error.read(), error.headers.get("Content-Type", "")
            if self.path.endswith("/chat/completions") and status == 200:
                try:
                    document = json.loads(data)
                    usage = document.get("usage") or {}
                    timings = document.get("timings") or {}
                    cached = (usage.get("prompt_tokens_details") or {}).get("cached_tokens", timings.get("cache_n", 0))
                    line = {
                        "prompt_tokens": usage.get("prompt_tokens", 0),
                        "completion_tokens": usage.get("completion_tokens", 0),
                        "cached_tokens": cached or 0,
                        "finish_reason": (document.get("choices") or [{}])[0].get("finish_reason"),
                    }
                    with LOCK, open(args.log, "a") as log:
                        log.write(json.dumps(line) + "\n")
                except (ValueError, AttributeError, IndexError):
                    pass
            self.send_response(status)
            self.send_header("Content-Type", kind or "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            self.forward("GET")

        def do_POST(self):
            self.forward("POST")

    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())

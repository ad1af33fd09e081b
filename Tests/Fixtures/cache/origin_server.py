#!/usr/bin/env python3
"""A scripted origin server for plan's HTTP cache tests (Tests/ToolsTests/CacheConformanceTests.swift).

  POST /_control/script   {"path": "/r/x", "responses": [answer, ...]}: each GET of the path takes the next
                          answer (the last one repeats). An answer: {"status": 200, "headers": [[name, value],
                          ...], "body": "text"} or {"close": true} (the connection is closed unanswered). A header
                          value given as {"date": seconds} is the HTTP-date of now + seconds.
  GET  /_control/requests {"total": n, "requests": [{"path", "headers": {lower-case name: value}}]}
Prints `PORT <n>` once bound. Python standard library only.
"""
import argparse
import json
import os
import signal
import sys
import threading
import time
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SCRIPTS = {}
LOG = []
LOCK = threading.Lock()


def value_of(value):
    if isinstance(value, dict) and "date" in value:
        return formatdate(time.time() + value["date"], usegmt=True)
    return str(value)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):
        pass

    def reply(self, status, body, headers=()):
        data = body.encode() if isinstance(body, str) else body
        self.send_response_only(status)  # no Date or Server of its own: only the scripted fields
        for name, value in headers:
            self.send_header(name, value_of(value))
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        if self.path == "/_control/script":
            with LOCK:
                SCRIPTS[body["path"]] = list(body["responses"])
            return self.reply(200, "{}")
        self.reply(404, "{}")

    def do_GET(self):
        if self.path == "/_control/requests":
            with LOCK:
                return self.reply(200, json.dumps({"total": len(LOG), "requests": LOG}))
        with LOCK:
            LOG.append({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}})
            script = SCRIPTS.get(self.path) or [{"status": 404, "body": "no script"}]
            answer = script.pop(0) if len(script) > 1 else script[0]
        if answer.get("close"):
            self.close_connection = True
            self.connection.close()
            return
        self.reply(answer.get("status", 200), answer.get("body", ""), answer.get("headers", []))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    parent = os.getppid()

    def watch():
        while True:
            time.sleep(1)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, daemon=True).start()
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())

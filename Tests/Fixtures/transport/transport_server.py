#!/usr/bin/env python3
"""A loopback stand-in for plan's HTTP transport tests (Tests/ToolsTests/CurlTransportTests.swift).

Paths (query parameters as noted):
  /echo            the request as JSON: method, path, headers (lower-case names), body length and text
  /stream?n=&delay=  n SSE events, `delay` seconds apart, no Content-Length
  /flood?bytes=    that many bytes of "x" without a Content-Length
  /sized?bytes=    a Content-Length of that many bytes, then nothing for 30 s (a cap must refuse it on the header)
  /error-flood     a 500 whose body is 1 MB
  /gzip            a gzip-encoded JSON body
  /redirect?to=    a 302 to `to` (relative or absolute)
  /loop            a 302 to itself, for ever
  /hang?seconds=   accepts, reads the request, answers nothing for 30 s (or `seconds`, at most 900)
  /_log            the paths served so far, oldest first
Prints `PORT <n>` once bound. Python standard library only.
"""
import argparse
import gzip
import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

LOG = []
LOCK = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):
        pass

    def do_GET(self):
        self.dispatch()

    def do_POST(self):
        self.dispatch()

    def do_PUT(self):
        self.dispatch()

    def send(self, status, body, ctype="application/json", headers=None):
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def dispatch(self):
        url = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if url.path != "/_log":
            with LOCK:
                LOG.append(url.path)
        try:
            if url.path == "/_log":
                with LOCK:
                    return self.send(200, {"paths": list(LOG)})
            if url.path == "/echo":
                return self.send(200, {"method": self.command, "path": url.path,
                                       "headers": {k.lower(): v for k, v in self.headers.items()},
                                       "bodyLength": len(body), "body": body.decode("utf-8", "replace")})
            if url.path == "/stream":
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                self.close_connection = True
                for i in range(int(query.get("n", "3"))):
                    self.wfile.write(f"data: {i}\n\n".encode())
                    self.wfile.flush()
                    time.sleep(float(query.get("delay", "0.2")))
                return
            if url.path == "/flood":
                self.send_response(200)
                self.send_header("Content-Type", "application/octet-stream")
                self.end_headers()
                self.close_connection = True
                left = int(query.get("bytes", "1048576"))
                while left > 0:
                    piece = min(left, 65536)
                    self.wfile.write(b"x" * piece)
                    left -= piece
                return
            if url.path == "/sized":
                self.send_response(200)
                self.send_header("Content-Type", "application/octet-stream")
                self.send_header("Content-Length", query.get("bytes", "1048576"))
                self.end_headers()
                self.wfile.flush()
                time.sleep(30)
                self.close_connection = True
                return
            if url.path == "/error-flood":
                return self.send(500, b"e" * 1048576, "text/plain")
            if url.path == "/gzip":
                packed = gzip.compress(json.dumps({"compressed": True}).encode())
                return self.send(200, packed, "application/json", {"Content-Encoding": "gzip"})
            if url.path == "/redirect":
                return self.send(302, b"moved", "text/plain", {"Location": query.get("to", "/echo")})
            if url.path == "/loop":
                return self.send(302, b"again", "text/plain", {"Location": "/loop"})
            if url.path == "/hang":
                time.sleep(min(max(float(query.get("seconds", "30")), 0.0), 900.0))
                return
            return self.send(404, {"error": url.path})
        except OSError:
            pass


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64  # the default 5 drops connections when a loaded suite opens many at once

    def handle_error(self, request, client_address):
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    options = parser.parse_args()
    server = Server(("127.0.0.1", options.port), Handler)
    signal.signal(signal.SIGTERM, lambda s, f: os._exit(0))
    parent = os.getppid()

    def watch():
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, daemon=True).start()
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever(poll_interval=0.2)


if __name__ == "__main__":
    sys.exit(main())

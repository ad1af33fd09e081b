#!/usr/bin/env python3
"""Streaming CPU: what plan costs while a model streams its answer slowly (bench/streaming-cpu.sh).

A loopback model stand-in (the hostile stand-in's normal answers, Tests/Fixtures/hostile/hostile_server.py,
with one scenario added here, "m-slow") streams an `ask` answer one token every DELAY seconds for TOKENS
tokens; the same request to a pipe (not streamed) gets the whole answer after the same wait. plan's user and
system CPU time come from wait4 (children's rusage), wall time from the monotonic clock. Prints a table and
one JSON line. Not a test: it asserts nothing beyond the runs succeeding.

    streaming_cpu.py <plan> [--tokens 200] [--delay 0.05] [--runs 3]
    streaming_cpu.py <plan> --model http://127.0.0.1:<port> [--command pack] [--runs 1]

With --model, a real model server (llama-server) answers instead of the stand-in's m-slow, and the
weather still comes from the stand-in: the issue's "a pack on a terminal takes about as long as the same
pack to a pipe", by wall time and CPU.
"""
import argparse
import json
import os
import pty
import select
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Tests", "Fixtures", "hostile"))
import hostile_server  # noqa: E402  (the stand-in's handler; its main() is not run)

TOKENS = 200
DELAY = 0.05


class SlowHandler(hostile_server.Handler):
    """m-slow: the answer's words one every DELAY seconds when streamed, all at once after the same wait when not."""

    def words(self):
        return [f"word{i} " for i in range(TOKENS)]

    def model(self, scenario, route, body, other):
        if scenario != "m-slow" or route != "/v1/chat/completions":
            return super().model(scenario, route, body, other)
        tools = body.get("tools") or []
        if tools and body.get("tool_choice") == "required":
            return super().model(scenario, route, body, other)
        if not body.get("stream"):
            time.sleep(TOKENS * DELAY)
            content = "".join(self.words())
            return self.send(200, {"choices": [{"message": {"role": "assistant", "content": content},
                                                "finish_reason": "stop"}],
                                   "usage": {"prompt_tokens": 100, "completion_tokens": TOKENS}})
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        self.close_connection = True
        try:
            for word in self.words():
                chunk = {"choices": [{"delta": {"content": word}}]}
                self.wfile.write(("data: " + json.dumps(chunk) + "\n\n").encode())
                self.wfile.flush()
                time.sleep(DELAY)
            done = {"choices": [{"delta": {}, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 100, "completion_tokens": TOKENS}}
            self.wfile.write(("data: " + json.dumps(done) + "\n\ndata: [DONE]\n\n").encode())
        except OSError:
            pass


def serve():
    server = hostile_server.Server(("127.0.0.1", 0), SlowHandler)
    hostile_server.PORTS["main"] = server.server_address[1]
    other = hostile_server.Server(("127.0.0.1", 0), SlowHandler)
    hostile_server.PORTS["other"] = other.server_address[1]
    for s in (server, other):
        threading.Thread(target=s.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}"


def run(plan, args, env, tty):
    """Runs plan to a pseudo-terminal (tty) or a pipe; returns (exit code, user s, system s, wall s, output)."""
    master = slave = None
    if tty:
        master, slave = pty.openpty()
    started = time.monotonic()
    proc = subprocess.Popen([plan] + args, stdin=subprocess.DEVNULL, stdout=slave if tty else subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    out = b""
    if tty:
        os.close(slave)
        while True:
            try:
                ready, _, _ = select.select([master], [], [], 0.5)
                if ready:
                    data = os.read(master, 65536)
                    if not data:
                        break
                    out += data
                elif proc.poll() is not None:
                    break
            except OSError:
                break
        os.close(master)
    else:
        out = proc.stdout.read()
    proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - started
    return os.waitstatus_to_exitcode(status), usage.ru_utime, usage.ru_stime, wall, out


def main():
    global TOKENS, DELAY
    parser = argparse.ArgumentParser()
    parser.add_argument("plan")
    parser.add_argument("--tokens", type=int, default=TOKENS)
    parser.add_argument("--delay", type=float, default=DELAY)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--model", default=None, help="a real model server's base URL instead of m-slow")
    parser.add_argument("--command", choices=["ask", "pack"], default="ask")
    options = parser.parse_args()
    TOKENS, DELAY = options.tokens, options.delay
    base = serve()
    work = tempfile.mkdtemp(prefix="plan-streaming-cpu-")
    env = {"PATH": "/usr/bin:/bin", "HOME": work, "LANG": "C.UTF-8", "NO_COLOR": "1",
           "PLAN_DB": os.path.join(work, "plan.sqlite"), "PLAN_CONTACT": "bench@example.com",
           "PLAN_NWS_URL": f"{base}/ok", "PLAN_OPEN_METEO_URL": f"{base}/ok", "PLAN_CLIMATE_URL": f"{base}/ok",
           "PLAN_MODEL": options.model or f"{base}/m-slow", "PLAN_MODEL_TIMEOUT": "600"}
    today = time.strftime("%Y-%m-%d")
    end = time.strftime("%Y-%m-%d", time.localtime(time.time() + 2 * 86400))
    code, *_ = run(options.plan, ["add", "Denver, CO", "--from", today, "--to", end], env, tty=False)
    if code != 0:
        sys.exit(f"streaming-cpu: plan add failed ({code})")
    rows = {}
    for label, tty in (("terminal (streamed)", True), ("pipe (not streamed)", False)):
        samples = []
        for _ in range(options.runs):
            args = ["ask", "1", "What should I bring?"] if options.command == "ask" else ["pack", "1"]
            code, user, system, wall, out = run(options.plan, args, env, tty)
            if code != 0 or (options.model is None and b"word" not in out):
                sys.exit(f"streaming-cpu: ask to a {label} failed ({code}): {out[-300:]!r}")
            samples.append((user + system, wall))
        cpu = sorted(s[0] for s in samples)[len(samples) // 2]
        wall = sorted(s[1] for s in samples)[len(samples) // 2]
        rows[label] = {"cpu_seconds": round(cpu, 3), "wall_seconds": round(wall, 2),
                       "core_share": round(cpu / wall, 4) if wall > 0 else None}
    if options.model:
        print(f"== Streaming CPU: `plan {options.command}` against {options.model}; median of {options.runs}",
              file=sys.stderr)
    else:
        print(f"== Streaming CPU: `plan {options.command}` against a model streaming {TOKENS} tokens, one every "
              f"{int(DELAY * 1000)} ms; median of {options.runs}", file=sys.stderr)
    print(f"{'stdout':<22} {'CPU s':>8} {'wall s':>8} {'share of a core':>16}", file=sys.stderr)
    for label, row in rows.items():
        print(f"{label:<22} {row['cpu_seconds']:>8.3f} {row['wall_seconds']:>8.2f} {row['core_share'] * 100:>15.1f}%",
              file=sys.stderr)
    print(json.dumps({"bench": "streaming-cpu", "command": options.command, "model": options.model, "tokens": TOKENS, "delay": DELAY, "runs": options.runs, **rows}))


if __name__ == "__main__":
    main()

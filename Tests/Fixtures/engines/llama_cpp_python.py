#!/usr/bin/env python3
"""A stand-in for llama-cpp-python's server (`python -m llama_cpp.server`, 0.3.x), in front of a llama-server
(the real one or Tests/Fixtures/llm/fake_llama_server.py).

Python 3 standard library only. It keeps what that server does as measured request by request against
llama-cpp-python 0.3.36 serving SmolLM2-135M at a 2,048-token window (shared/reference/language-models.md):

  - every answer carries `server: uvicorn`; unknown paths are FastAPI's 404 {"detail": "Not Found"}, so
    /props, /slots, /api/ps, /api/show and /health are 404
  - GET /v1/models lists the model file's path as its id, and no window
  - POST /extras/tokenize {"input"} -> {"tokens"}; POST /extras/tokenize/count {"input"} -> {"count"}
  - bad input of any kind is a 500 (not a 400) naming the field, pydantic's way:
    "1 validation error: {'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), ...}"
    (response_format of any type but "text" and "json_object"; max_tokens that is not a whole number >= 0)
  - structured output is {"type": "json_object", "schema": {...}} (constrains the answer)
  - `tools` are ignored unless `tool_choice` names one function; then that call comes back, its arguments
    constrained to the function's parameters; streamed, every chunk repeats the call's id and name
  - an assistant message with `content: null` beside tool calls is a 500 (the chat template fails on it)
  - `max_completion_tokens` is ignored (`max_tokens` is honoured); `top_k`, `seed`, `cache_prompt` and
    unknown fields are accepted
  - streams carry no usage chunk, even with stream_options.include_usage
  - overflow (prompt + max_tokens over --n-ctx): 400 context_length_exceeded "This model's maximum context
    length is N tokens. However, you requested T tokens (P in the messages, C in the completion)..." when not
    streaming; while streaming, 200 and an empty stream that ends without [DONE]

    python3 llama_cpp_python.py --port 0 --upstream URL [--n-ctx 2048] [--model-path PATH]

prints `PORT <n>` once bound to 127.0.0.1. Control (not in the real server):
  GET  /_control/requests   {"requests": [chat bodies as received], "log": [{"method","path","status"}]}
  POST /_control/reset      forget requests and log
"""

import argparse
import http.client
import json
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import upstream_client

STATE = {"requests": [], "log": []}
LOCK = threading.Lock()
ARGS = None
FORWARDED = ("messages", "max_tokens", "temperature", "top_p", "top_k", "seed", "stop", "frequency_penalty",
             "presence_penalty", "stream")


def upstream(method, path, body=None, stream=False):
    status, payload, _ = upstream_client.request(ARGS.upstream, method, path, body, stream)
    return status, payload


def tokens_of(text):
    status, body = upstream("POST", "/tokenize", {"content": text})
    try:
        return json.loads(body)["tokens"]
    except Exception:
        return list(range((len(text.encode()) + 3) // 4))


message_text = upstream_client.message_text


def prompt_tokens(messages):
    return sum(len(tokens_of(message_text(m))) + 4 for m in messages if isinstance(m, dict))


def validation_error(kind, loc, msg, value):
    """A pydantic error as llama-cpp-python's error handler words it (str of the error, in a 500)."""
    detail = {"type": kind, "loc": tuple(["body"] + loc), "msg": msg, "input": value}
    return "1 validation error: %r" % (detail,)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def version_string(self):
        return "uvicorn"

    def log_message(self, *args):
        pass

    def send_json(self, status, doc):
        body = json.dumps(doc).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        self.logged(status)

    def logged(self, status):
        with LOCK:
            if STATE["log"] and STATE["log"][-1].get("status") is None:
                STATE["log"][-1]["status"] = status

    def error(self, status, message, kind="internal_server_error", param=None, code=None):
        self.send_json(status, {"error": {"message": message, "type": kind, "param": param, "code": code}})

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            return json.loads(raw) if raw else None
        except ValueError:
            return "not json"

    def do_GET(self):
        self.route("GET", None)

    def do_POST(self):
        self.route("POST", self.read_body())

    def route(self, method, body):
        path = self.path.split("?")[0]
        if path.startswith("/_control/"):
            return self.control(path)
        with LOCK:
            STATE["log"].append({"method": method, "path": path, "status": None})
        if path == "/v1/chat/completions" and method == "POST":
            return self.chat(body)
        if path == "/v1/models" and method == "GET":
            return self.send_json(200, {"object": "list", "data": [
                {"id": ARGS.model_path, "object": "model", "owned_by": "me", "permissions": []}]})
        if path in ("/extras/tokenize", "/extras/tokenize/count") and method == "POST":
            text = (body or {}).get("input") if isinstance(body, dict) else None
            if not isinstance(text, str):
                return self.error(500, validation_error("missing", ["input"], "Field required", body))
            tokens = tokens_of(text)
            return self.send_json(200, {"count": len(tokens)} if path.endswith("count") else {"tokens": tokens})
        self.send_json(404, {"detail": "Not Found"})

    def control(self, path):
        with LOCK:
            if path == "/_control/requests":
                doc = {"requests": STATE["requests"], "log": STATE["log"]}
            elif path == "/_control/reset":
                STATE["requests"].clear()
                STATE["log"].clear()
                doc = {"ok": True}
            else:
                doc = {"error": "unknown control"}
        self.send_json(200, doc)

    # -- chat ---------------------------------------------------------------------------------------

    def refusal(self, body):
        """What llama-cpp-python refuses (a 500 either way), or None."""
        if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
            return validation_error("missing", ["messages"], "Field required", None)
        fmt = body.get("response_format")
        if fmt is not None:
            kind = fmt.get("type") if isinstance(fmt, dict) else None
            if kind not in ("text", "json_object"):
                return validation_error("literal_error", ["response_format", "type"],
                                        "Input should be 'text' or 'json_object'", kind)
        limit = body.get("max_tokens")
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
            return validation_error("int_type", ["max_tokens"], "Input should be a valid integer", limit)
        for message in body["messages"]:
            if isinstance(message, dict) and message.get("tool_calls") and message.get("content") is None:
                return "can only concatenate str (not \"NoneType\") to str"
        return None

    @staticmethod
    def named_tool(body):
        choice = body.get("tool_choice")
        if not isinstance(choice, dict) or not body.get("tools"):
            return None
        name = (choice.get("function") or {}).get("name")
        for tool in body["tools"]:
            function = (tool or {}).get("function") or {}
            if function.get("name") == name:
                return function
        return None

    def chat(self, body):
        with LOCK:
            STATE["requests"].append(body)
        refused = self.refusal(body)
        if refused:
            return self.error(500, refused)
        streaming = bool(body.get("stream"))
        limit = body.get("max_tokens")
        if ARGS.n_ctx:
            prompt = prompt_tokens(body["messages"])
            if prompt + (limit or 0) > ARGS.n_ctx:
                return self.overflow(streaming, prompt, limit or 0)
        forward = {field: body[field] for field in FORWARDED if field in body}
        tool = self.named_tool(body)
        fmt = body.get("response_format") or {}
        if tool is not None:
            forward["response_format"] = {"type": "json_schema", "json_schema": {
                "name": tool.get("name", "tool"), "schema": tool.get("parameters") or {"type": "object"}}}
        elif fmt.get("type") == "json_object":
            forward["response_format"] = ({"type": "json_schema", "json_schema": {"name": "answer", "schema": fmt["schema"]}}
                                          if isinstance(fmt.get("schema"), dict) else {"type": "json_object"})
        call_id = "call__0_%s_cmpl-%d" % (tool.get("name"), int(time.time() * 1000)) if tool else None
        if streaming:
            return self.stream(forward, tool, call_id)
        status, payload = upstream("POST", "/v1/chat/completions", forward)
        if status != 200:
            return self.relay(status, payload, streaming, body)
        doc = json.loads(payload)
        doc["model"] = ARGS.model_path
        for key in ("timings", "system_fingerprint"):
            doc.pop(key, None)
        choice = (doc.get("choices") or [{}])[0]
        if tool is None:
            # Tools not named in tool_choice are not given to the model: no call comes back.
            message = choice.get("message") or {}
            if message.pop("tool_calls", None) is not None:
                message["content"] = message.get("content") or ""
                choice["finish_reason"] = "stop"
        else:
            content = (choice.get("message") or {}).get("content") or "{}"
            choice["message"] = {"role": "assistant", "content": None, "tool_calls": [
                {"id": call_id, "type": "function", "function": {"name": tool.get("name"), "arguments": content}}]}
            choice["finish_reason"] = "tool_calls"
        self.send_json(200, doc)

    def overflow(self, streaming, prompt, completion):
        if streaming:
            # 200, the stream's headers, and nothing: no chunk, no [DONE].
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream; charset=utf-8")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            self.wfile.flush()
            return self.logged(200)
        return self.error(400, f"This model's maximum context length is {ARGS.n_ctx} tokens. However, you requested "
                               f"{prompt + completion} tokens ({prompt} in the messages, {completion} in the completion). "
                               "Please reduce the length of the messages or completion.",
                          kind="invalid_request_error", param="messages", code="context_length_exceeded")

    def relay(self, status, payload, streaming, body):
        """The upstream's refusal as llama-cpp-python says it: an overflow as its own, anything else a 500."""
        try:
            error = json.loads(payload).get("error") or {}
        except (ValueError, AttributeError):
            error = {}
        if error.get("type") == "exceed_context_size_error":
            ARGS.n_ctx = ARGS.n_ctx or int(error.get("n_ctx") or 0)
            return self.overflow(streaming, int(error.get("n_prompt_tokens") or 0), body.get("max_tokens") or 0)
        return self.error(500, str(error.get("message") or payload[:200]))

    def stream(self, forward, tool, call_id):
        status, response = upstream("POST", "/v1/chat/completions", forward, stream=True)
        if status != 200:
            return self.relay(status, response.read(), True, forward)
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        self.logged(200)
        for chunk in upstream_client.events(response):
            # No usage, whatever stream_options asked.
            for key in ("usage", "timings", "system_fingerprint"):
                chunk.pop(key, None)
            if not chunk.get("choices"):
                continue
            chunk["model"] = ARGS.model_path
            choice = chunk["choices"][0]
            if tool is None:
                (choice.get("delta") or {}).pop("tool_calls", None)
                if choice.get("finish_reason") == "tool_calls":
                    choice["finish_reason"] = "stop"
            else:
                piece = (choice.get("delta") or {}).get("content")
                if piece is None and choice.get("finish_reason") is None:
                    continue
                # Every chunk repeats the id and the name beside its piece of the arguments.
                choice["delta"] = {"role": "assistant", "content": None, "tool_calls": [
                    {"index": 0, "id": call_id, "type": "function",
                     "function": {"name": tool.get("name"), "arguments": piece or ""}}]}
                if choice.get("finish_reason") is not None:
                    choice["finish_reason"] = "tool_calls"
            self.wfile.write(b"data: " + json.dumps(chunk).encode() + b"\r\n\r\n")
            self.wfile.flush()
        response.close()
        self.wfile.write(b"data: [DONE]\r\n\r\n")
        self.wfile.flush()


def main():
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--upstream", required=True)
    parser.add_argument("--n-ctx", type=int, default=2048, help="the window it enforces (it never reports it)")
    parser.add_argument("--model-path", default="/models/SmolLM2-135M-Instruct.Q4_1.gguf")
    ARGS = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", ARGS.port), Handler)
    server.daemon_threads = True
    sys.stdout.write("PORT %d\n" % server.server_address[1])
    sys.stdout.flush()
    server.serve_forever()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Contract stand-ins for the engines people run, in front of a llama-server (real or the fake one).

Python 3 standard library only. Each --engine keeps that engine's published contract and refuses what
it refuses, then forwards the request to --upstream (a llama-server) and shapes the answer as the engine
would (facts: shared/reference/language-models.md, the engines' documentation and their users' reports):

  openai              no /props; /v1/models without sizes; a bearer key (--key); unknown body fields are a
                      400 "Unrecognized request argument supplied: X"; strict json_schema checked under
                      strict mode's rules; overflow 400 context_length_exceeded with its numbers; 429 faults
  openai-reasoning    the same, plus: max_tokens refused (use max_completion_tokens), any temperature or
                      top_p but the default refused, hidden reasoning paid from max_completion_tokens
                      (usage.completion_tokens_details.reasoning_tokens; an eaten budget is empty content
                      with finish_reason length)
  ollama              GET / "Ollama is running", /api/version, /api/ps (context_length), /api/show (num_ctx);
                      unknown fields ignored; an overlong prompt is NOT refused: the oldest messages after
                      the system prompt are dropped silently (--truncate-at, default --n-ctx)
  vllm                /version, /v1/models with max_model_len, /tokenize {model,prompt}|{messages} -> count;
                      prompt + max_tokens over the window is a 400 naming both; max_tokens < 1 is a 400;
                      tool_choice "auto" is a 400 (no --enable-auto-tool-choice)
  lmstudio            /api/v0/models with loaded_context_length and max_context_length
  llamacpp-reasoning  llama-server with a reasoning model: message.reasoning_content (streamed as
                      delta.reasoning_content) before the real model's answer, paid from max_tokens
  llamacpp-think      llama-server with --reasoning-format none: "<think>...</think>" at the start of content

    python3 engine_proxy.py --port 0 --engine E --upstream URL [--model NAME] [--key K] [--n-ctx N]
                            [--truncate-at N]

prints `PORT <n>` once bound to 127.0.0.1. Control (not in any engine):
  GET  /_control/requests   {"requests": [chat bodies as received], "log": [{"method","path","status"}]}
  POST /_control/fault      {"status": 429, "times": 1, "retry_after": "1"} (next chat requests answer that)
  POST /_control/reset      forget requests, log and faults
"""

import argparse
import http.client
import json
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import upstream_client

OPENAI_FIELDS = {
    "model", "messages", "max_tokens", "max_completion_tokens", "temperature", "top_p", "n", "stream",
    "stream_options", "stop", "presence_penalty", "frequency_penalty", "logit_bias", "user", "tools",
    "tool_choice", "response_format", "seed", "parallel_tool_calls", "logprobs", "top_logprobs",
    "reasoning_effort", "metadata", "store", "service_tier", "modalities", "prediction", "audio",
}
REASONING_TEXT = ("The traveller needs a list for the trip. I should look at the forecast first, then pick "
                  "clothes for the coldest day and rain gear if rain is likely.")

STATE = {"requests": [], "log": [], "faults": []}
LOCK = threading.Lock()
ARGS = None


def tokens_upstream(text):
    """Tokens of `text` by the upstream's own /tokenize (the fake's 4-bytes rule, or the real tokenizer)."""
    status, body, _ = upstream("POST", "/tokenize", {"content": text})
    try:
        return len(json.loads(body)["tokens"])
    except Exception:
        return (len(text.encode()) + 3) // 4


message_text = upstream_client.message_text


def prompt_tokens(messages):
    return sum(tokens_upstream(message_text(m)) + 4 for m in messages)


def upstream(method, path, body=None, stream=False):
    return upstream_client.request(ARGS.upstream, method, path, body, stream)


def strict_problems(schema, path="$"):
    """OpenAI strict mode: objects need additionalProperties false and every property required."""
    problems = []
    if not isinstance(schema, dict):
        return problems
    types = schema.get("type")
    is_object = types == "object" or (isinstance(types, list) and "object" in types) or "properties" in schema
    if is_object:
        if schema.get("additionalProperties") is not False:
            problems.append(f"In context={path}, 'additionalProperties' is required to be supplied and to be false.")
        required = set(schema.get("required") or [])
        for name in (schema.get("properties") or {}):
            if name not in required:
                problems.append(f"In context={path}, 'required' is required to include every property; missing '{name}'.")
        for name, sub in (schema.get("properties") or {}).items():
            problems += strict_problems(sub, f"{path}.{name}")
    if "items" in schema:
        problems += strict_problems(schema["items"], path + "[]")
    for key in ("anyOf", "oneOf", "allOf"):
        for index, branch in enumerate(schema.get(key) or []):
            problems += strict_problems(branch, f"{path}.{key}[{index}]")
    return problems


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    # -- plumbing ---------------------------------------------------------------------------------

    def send_json(self, status, doc, headers=None):
        body = json.dumps(doc).encode() if not isinstance(doc, (bytes, str)) else (doc.encode() if isinstance(doc, str) else doc)
        self.send_response(status)
        self.send_header("Content-Type", "application/json" if not isinstance(doc, str) else "text/plain")
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)
        with LOCK:
            if STATE["log"] and STATE["log"][-1].get("status") is None:
                STATE["log"][-1]["status"] = status

    def error(self, status, message, kind="invalid_request_error", param=None, code=None, headers=None):
        if ARGS.engine == "vllm":
            return self.send_json(status, {"object": "error", "message": message, "type": kind, "param": param,
                                           "code": status}, headers)
        self.send_json(status, {"error": {"message": message, "type": kind, "param": param, "code": code}}, headers)

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            return json.loads(raw) if raw else None
        except ValueError:
            return "not json"

    def models(self):
        return [ARGS.model]

    def authorized(self):
        if not ARGS.key:
            return True
        return self.headers.get("Authorization") == "Bearer " + ARGS.key

    def do_GET(self):
        self.route("GET", None)

    def do_POST(self):
        self.route("POST", self.read_body())

    # -- routes -----------------------------------------------------------------------------------

    def route(self, method, body):
        path = self.path.split("?")[0]
        if path.startswith("/_control/"):
            return self.control(path, body)
        with LOCK:
            STATE["log"].append({"method": method, "path": path, "status": None})
        if not self.authorized():
            return self.error(401, "Incorrect API key provided: sk-***. You can find your API key at "
                                   "https://platform.openai.com/account/api-keys.", code="invalid_api_key")
        engine = ARGS.engine
        if path in ("/v1/chat/completions", "/chat/completions") and method == "POST":
            return self.chat(body)
        if engine.startswith("llamacpp") and path in ("/props", "/tokenize", "/health", "/v1/models", "/apply-template"):
            status, payload, _ = upstream(method, path, body)
            return self.send_json(status, payload)
        if engine == "ollama":
            if path == "/":
                return self.send_json(200, "Ollama is running")
            if path == "/api/version":
                return self.send_json(200, {"version": "0.5.7"})
            if path == "/api/ps":
                return self.send_json(200, {"models": [{"name": ARGS.model, "model": ARGS.model, "size": 271000000,
                                                        "context_length": ARGS.n_ctx, "expires_at": "2026-12-01T10:00:00Z"}]})
            if path == "/api/show" and method == "POST":
                if (body or {}).get("model") not in self.models():
                    return self.send_json(404, {"error": f"model '{(body or {}).get('model')}' not found"})
                return self.send_json(200, {"parameters": f"num_ctx                        {ARGS.n_ctx}\nstop                           \"<|im_end|>\"",
                                            "model_info": {"llama.context_length": 8192}, "details": {"family": "llama"}})
        if engine == "vllm":
            if path == "/version":
                return self.send_json(200, {"version": "0.6.3"})
            if path == "/tokenize" and method == "POST":
                text = (body or {}).get("prompt")
                if text is None:
                    messages = (body or {}).get("messages") or []
                    count = prompt_tokens(messages)
                else:
                    count = tokens_upstream(text)
                return self.send_json(200, {"count": count, "max_model_len": ARGS.n_ctx, "tokens": list(range(count))})
            if path in ("/v1/models", "/models"):
                return self.send_json(200, {"object": "list", "data": [
                    {"id": ARGS.model, "object": "model", "owned_by": "vllm", "root": ARGS.model, "max_model_len": ARGS.n_ctx}]})
        if engine == "lmstudio":
            if path == "/api/v0/models":
                return self.send_json(200, {"object": "list", "data": [
                    {"id": ARGS.model, "object": "model", "type": "llm", "publisher": "local", "arch": "llama",
                     "state": "loaded", "max_context_length": 8192, "loaded_context_length": ARGS.n_ctx},
                    {"id": "text-embedding-nomic", "object": "model", "type": "embeddings", "state": "not-loaded",
                     "max_context_length": 2048}]})
        if engine in ("openai", "openai-reasoning", "lmstudio", "ollama") and path in ("/v1/models", "/models"):
            return self.send_json(200, {"object": "list", "data": [{"id": m, "object": "model", "owned_by": "system"}
                                                                   for m in self.models()]})
        return self.error(404, f"Invalid URL ({method} {path})", kind="invalid_request_error")

    def control(self, path, body):
        with LOCK:
            if path == "/_control/requests":
                doc = {"requests": STATE["requests"], "log": STATE["log"]}
            elif path == "/_control/fault":
                fault = dict(body or {})
                STATE["faults"] += [fault] * int(fault.get("times", 1))
                doc = {"ok": True}
            elif path == "/_control/reset":
                STATE["requests"].clear()
                STATE["log"].clear()
                STATE["faults"].clear()
                doc = {"ok": True}
            else:
                doc = {"error": "unknown control"}
        self.send_json(200, doc)

    # -- chat ---------------------------------------------------------------------------------------

    def chat(self, body):
        if not isinstance(body, dict):
            return self.error(400, "We could not parse the JSON body of your request.")
        with LOCK:
            STATE["requests"].append(body)
            fault = STATE["faults"].pop(0) if STATE["faults"] else None
        if fault:
            status = int(fault.get("status", 500))
            headers = {}
            if status == 429:
                headers = {"Retry-After": str(fault.get("retry_after", "1")),
                           "x-ratelimit-reset-requests": str(fault.get("retry_after", "1")) + "s"}
            return self.error(status, fault.get("message", "Rate limit reached for requests" if status == 429 else "fault"),
                              kind="requests" if status == 429 else "server_error",
                              code="rate_limit_exceeded" if status == 429 else None, headers=headers)
        engine = ARGS.engine
        forward = dict(body)
        if engine != "llamacpp" and not engine.startswith("llamacpp"):
            model = body.get("model")
            if model is None:
                if engine.startswith("openai"):
                    return self.error(400, "you must provide a model parameter")
                return self.error(400, "model is required")
            if model not in self.models():
                if engine.startswith("openai"):
                    return self.error(404, f"The model `{model}` does not exist or you do not have access to it.",
                                      code="model_not_found")
                if engine == "ollama":
                    return self.send_json(404, {"error": {"message": f"model \"{model}\" not found, try pulling it first",
                                                          "type": "api_error", "param": None, "code": None}})
                return self.error(404, f"The model `{model}` does not exist.", kind="NotFoundError")
        reasoning_budget = 0
        if engine.startswith("openai"):
            for field in body:
                if field not in OPENAI_FIELDS:
                    return self.error(400, f"Unrecognized request argument supplied: {field}")
            if "stream_options" in body and not body.get("stream"):
                return self.error(400, "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
                                  param="stream_options")
            if engine == "openai-reasoning":
                if "max_tokens" in body:
                    return self.error(400, "Unsupported parameter: 'max_tokens' is not supported with this model. "
                                           "Use 'max_completion_tokens' instead.", param="max_tokens",
                                      code="unsupported_parameter")
                for field in ("temperature", "top_p"):
                    if field in body and body[field] != 1:
                        return self.error(400, f"Unsupported value: '{field}' does not support {body[field]} with this "
                                               "model. Only the default (1) value is supported.", param=field,
                                          code="unsupported_value")
                for field in ("frequency_penalty", "presence_penalty"):
                    if field in body:
                        return self.error(400, f"Unsupported parameter: '{field}' is not supported with this model.",
                                          param=field, code="unsupported_parameter")
                reasoning_budget = tokens_upstream(REASONING_TEXT)
            fmt = body.get("response_format") or {}
            schema_block = fmt.get("json_schema") if isinstance(fmt, dict) else None
            if isinstance(schema_block, dict) and schema_block.get("strict") is True:
                problems = strict_problems(schema_block.get("schema"))
                root = schema_block.get("schema") or {}
                if root.get("type") != "object":
                    problems.insert(0, "Invalid schema: the root must be an object (not anyOf).")
                if problems:
                    return self.error(400, f"Invalid schema for response_format '{schema_block.get('name')}': "
                                           + problems[0], param="response_format")
            limit = body.get("max_completion_tokens", body.get("max_tokens"))
            forward.pop("max_completion_tokens", None)
            if limit is not None:
                forward["max_tokens"] = limit
            if ARGS.n_ctx:
                prompt = prompt_tokens(body.get("messages") or [])
                if prompt + (limit or 0) > ARGS.n_ctx:
                    return self.error(400, f"This model's maximum context length is {ARGS.n_ctx} tokens. However, you "
                                           f"requested {prompt + (limit or 0)} tokens ({prompt} in the messages, "
                                           f"{limit or 0} in the completion). Please reduce the length of the messages "
                                           "or completion.", param="messages", code="context_length_exceeded")
        if engine == "vllm":
            limit = body.get("max_tokens")
            if limit is not None and limit < 1:
                return self.error(400, f"max_tokens must be at least 1, got {limit}.", kind="BadRequestError")
            if body.get("tools") and body.get("tool_choice", "auto") == "auto":
                return self.error(400, "\"auto\" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set",
                                  kind="BadRequestError")
            prompt = prompt_tokens(body.get("messages") or [])
            if prompt + (limit or 0) > ARGS.n_ctx:
                return self.error(400, f"This model's maximum context length is {ARGS.n_ctx} tokens. However, you requested "
                                       f"{prompt + (limit or 0)} tokens ({prompt} in the messages, {limit or 0} in the "
                                       "completion). Please reduce the length of the messages or completion.",
                                  kind="BadRequestError")
        if engine == "ollama":
            # Ollama's silent truncation: the oldest messages after the system prompt go, without a word.
            messages = list(body.get("messages") or [])
            window = ARGS.truncate_at or ARGS.n_ctx
            keeps_system = bool(messages) and messages[0].get("role") == "system"
            while prompt_tokens(messages) > window:
                if len(messages) > (2 if keeps_system else 1):
                    messages.pop(1 if keeps_system else 0)
                    continue
                # One message left after the system prompt: its start goes (Ollama cuts tokens from the front).
                last = dict(messages[-1])
                text = message_text(last)
                if len(text) < 8:
                    break
                last["content"] = text[len(text) // 3:]
                messages[-1] = last
            forward["messages"] = messages
            for field in list(forward):
                if field not in OPENAI_FIELDS:
                    forward.pop(field)
        if engine == "llamacpp-reasoning":
            reasoning_budget = tokens_upstream(REASONING_TEXT)
        if reasoning_budget and forward.get("max_tokens") is not None:
            remaining = forward["max_tokens"] - reasoning_budget
            if remaining < 1:
                return self.eaten(body, reasoning_budget)
            forward["max_tokens"] = remaining
        forward.pop("model", None) if engine != "llamacpp" else None
        if body.get("stream"):
            return self.stream(forward, reasoning_budget)
        status, payload, _ = upstream("POST", "/v1/chat/completions", forward)
        if status != 200:
            return self.translate_error(status, payload)
        doc = json.loads(payload)
        self.shape(doc, reasoning_budget)
        self.send_json(200, doc)

    def translate_error(self, status, payload):
        try:
            error = json.loads(payload).get("error", {})
        except ValueError:
            error = {}
        if error.get("type") == "exceed_context_size_error" and not ARGS.engine.startswith("llamacpp"):
            n_ctx, tokens = error.get("n_ctx", 0), error.get("n_prompt_tokens", 0)
            return self.error(400, f"This model's maximum context length is {n_ctx} tokens. However, your messages "
                                   f"resulted in {tokens} tokens. Please reduce the length of the messages.",
                              param="messages", code="context_length_exceeded")
        self.send_json(status, payload)

    def eaten(self, body, reasoning):
        """The whole budget went on hidden reasoning: no visible answer."""
        usage = {"prompt_tokens": prompt_tokens(body.get("messages") or []), "completion_tokens": reasoning,
                 "total_tokens": 0, "completion_tokens_details": {"reasoning_tokens": reasoning}}
        message = {"role": "assistant", "content": ""}
        if ARGS.engine == "llamacpp-reasoning":
            message["reasoning_content"] = REASONING_TEXT
        if body.get("stream"):
            return self.send_events([{"choices": [{"index": 0, "delta": {"content": ""}, "finish_reason": "length"}]},
                                     {"choices": [], "usage": usage}])
        self.send_json(200, {"object": "chat.completion", "model": ARGS.model,
                             "choices": [{"index": 0, "message": message, "finish_reason": "length"}], "usage": usage})

    def shape(self, doc, reasoning):
        doc["model"] = ARGS.model
        usage = doc.get("usage") or {}
        choice = (doc.get("choices") or [{}])[0]
        message = choice.get("message") or {}
        if ARGS.engine == "openai-reasoning":
            usage["completion_tokens"] = usage.get("completion_tokens", 0) + reasoning
            usage["completion_tokens_details"] = {"reasoning_tokens": reasoning}
        elif ARGS.engine == "llamacpp-reasoning":
            message["reasoning_content"] = REASONING_TEXT
            usage["completion_tokens"] = usage.get("completion_tokens", 0) + reasoning
        elif ARGS.engine == "llamacpp-think":
            message["content"] = "<think>\n" + REASONING_TEXT + "\n</think>\n\n" + (message.get("content") or "")
        for key in ("timings", "system_fingerprint") if not ARGS.engine.startswith("llamacpp") else ():
            doc.pop(key, None)
        if ARGS.engine.startswith("openai"):
            (usage.get("prompt_tokens_details") or {}).setdefault("cached_tokens", 0)

    def send_events(self, chunks):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        for chunk in chunks:
            self.wfile.write(b"data: " + json.dumps(chunk).encode() + b"\n\n")
        self.wfile.write(b"data: [DONE]\n\n")
        self.wfile.flush()
        with LOCK:
            if STATE["log"] and STATE["log"][-1].get("status") is None:
                STATE["log"][-1]["status"] = 200

    def stream(self, forward, reasoning):
        status, response, _ = upstream("POST", "/v1/chat/completions", forward, stream=True)
        if status != 200:
            return self.translate_error(status, response.read())
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        with LOCK:
            if STATE["log"] and STATE["log"][-1].get("status") is None:
                STATE["log"][-1]["status"] = 200
        started = False
        for chunk in upstream_client.events(response):
            chunk["model"] = ARGS.model
            delta = ((chunk.get("choices") or [{}])[0] or {}).get("delta") if chunk.get("choices") else None
            if delta is not None and not started and (delta.get("content") or delta.get("tool_calls")):
                started = True
                if ARGS.engine == "llamacpp-reasoning":
                    for word in REASONING_TEXT.split(" "):
                        self.emit({"choices": [{"index": 0, "delta": {"reasoning_content": word + " "}, "finish_reason": None}]})
                elif ARGS.engine == "llamacpp-think":
                    self.emit({"choices": [{"index": 0, "delta": {"content": "<think>\n" + REASONING_TEXT[:40]}, "finish_reason": None}]})
                    self.emit({"choices": [{"index": 0, "delta": {"content": REASONING_TEXT[40:] + "\n</thi"}, "finish_reason": None}]})
                    self.emit({"choices": [{"index": 0, "delta": {"content": "nk>\n\n"}, "finish_reason": None}]})
            if chunk.get("usage") and reasoning:
                chunk["usage"]["completion_tokens"] = chunk["usage"].get("completion_tokens", 0) + reasoning
                if ARGS.engine == "openai-reasoning":
                    chunk["usage"]["completion_tokens_details"] = {"reasoning_tokens": reasoning}
            if not ARGS.engine.startswith("llamacpp"):
                chunk.pop("timings", None)
            self.emit(chunk)
        response.close()
        self.wfile.write(b"data: [DONE]\n\n")
        self.wfile.flush()

    def emit(self, chunk):
        self.wfile.write(b"data: " + json.dumps(chunk).encode() + b"\n\n")
        self.wfile.flush()


def main():
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--engine", required=True, choices=[
        "openai", "openai-reasoning", "ollama", "vllm", "lmstudio", "llamacpp-reasoning", "llamacpp-think"])
    parser.add_argument("--upstream", required=True)
    parser.add_argument("--model", default="smollm2")
    parser.add_argument("--key", default=None)
    parser.add_argument("--n-ctx", type=int, default=0, help="the window the engine reports (and enforces)")
    parser.add_argument("--truncate-at", type=int, default=0, help="ollama: the window it silently cuts to")
    ARGS = parser.parse_args()
    if ARGS.engine in ("ollama", "vllm", "lmstudio") and not ARGS.n_ctx:
        ARGS.n_ctx = 2048
    server = ThreadingHTTPServer(("127.0.0.1", ARGS.port), Handler)
    server.daemon_threads = True
    sys.stdout.write("PORT %d\n" % server.server_address[1])
    sys.stdout.flush()
    server.serve_forever()


if __name__ == "__main__":
    main()

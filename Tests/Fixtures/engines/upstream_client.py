"""What the engine stand-ins share (engine_proxy.py, llama_cpp_python.py): the llama-server behind them reached
over HTTP, a chat message's text, and a streamed answer's server-sent events read chunk by chunk.

Python 3 standard library only.
"""

import http.client
import json
import urllib.parse


def request(base, method, path, body=None, stream=False):
    """(status, payload bytes, headers), or with `stream` (status, the open response, headers)."""
    url = urllib.parse.urlparse(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=900)
    data = json.dumps(body).encode() if body is not None else None
    connection.request(method, path, body=data, headers={"Content-Type": "application/json"} if data else {})
    response = connection.getresponse()
    if stream:
        return response.status, response, dict(response.getheaders())
    payload = response.read()
    connection.close()
    return response.status, payload, dict(response.getheaders())


def message_text(message):
    """A message's text as the tokenizer sees it: its content (parts joined) and its tool calls' arguments."""
    content = message.get("content")
    if isinstance(content, list):
        content = "".join(part.get("text", "") for part in content if isinstance(part, dict))
    text = content or ""
    for call in message.get("tool_calls") or []:
        text += json.dumps((call.get("function") or {}).get("arguments", ""))
    return text


def events(response):
    """The JSON chunks of a server-sent event stream, up to its [DONE] (lines that are not JSON skipped)."""
    for raw in response:
        line = raw.decode("utf-8", "replace").strip()
        if not line.startswith("data:"):
            continue
        data = line[5:].strip()
        if data == "[DONE]":
            return
        try:
            yield json.loads(data)
        except ValueError:
            continue

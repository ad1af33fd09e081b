#!/usr/bin/env python3
"""A loopback stand-in for NWS, Open-Meteo and an OpenAI-compatible model server that misbehaves on
purpose (Python 3 standard library only). Used by the reliability suite's `hostile-services` group.

    python3 hostile_server.py            # prints "PORT <main> <other>" and serves until SIGTERM

It listens on two ports: the main one, and an "other" one that stands for a foreign host (a different
origin: redirects and forecast URLs point there). Both serve the same routes. The first path segment
names the scenario, so one server plays every attack at once:

    PLAN_NWS_URL=http://127.0.0.1:<main>/<scenario>    PLAN_MODEL=http://127.0.0.1:<main>/<scenario>

Routes under a scenario: /points/<lat>,<lon>, /gridpoints/<o>/<x>,<y>/forecast, /v1/forecast (Open-Meteo),
/props, /tokenize, /v1/chat/completions. Control: GET /_log (every request: port, path, User-Agent,
Authorization, body size), POST /_reset.

Scenarios (see SCENARIOS below for the exact behaviour): ok, huge-numbers, escapes, trickle, huge-body,
huge-error, foreign-forecast, redirect-foreign, m-ok, m-escapes, m-ask-escapes, m-redirect-301/302/307/308,
m-huge-error, m-huge-answer(-unsized), m-trickle, m-sse-endless, m-sse-longline, m-nctx-0, m-nctx-negative,
m-nctx-huge, m-huge-usage; issue 41: m-poison-window, m-poison-rename; issue 20: g-huge-id, g-negative-id, g-huge-region (geocoders: /v1/search is
Open-Meteo's, /search Nominatim's), g-none (nothing found), g-markdown (a Markdown link and HTML in a place name), m-markdown (links and HTML in items), m-nctx-tiny, m-stream-1mb (a 1 MB structured answer in 200-byte events); issue 32: m-names (invisible characters, long
accented names, digits and a formula in item names).
"""

import datetime as dt
import json
import os
import re
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

LOG = []
LOCK = threading.Lock()
PORTS = {}

ESCAPES = "\x1b[2J\x1b]0;pwned\x07\x1b]8;;http://evil.example/\x07link\x1b]8;;\x07\r\u202eevil\u202c\x00\x9b31m"


def now_http():
    return time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.gmtime())


def periods(today, temperature=40, summary="Sunny", chance=10, wind="5 to 10 mph"):
    out = []
    start = dt.datetime.combine(today, dt.time(6, 0))
    for i in range(14):
        t0 = start + dt.timedelta(hours=12 * i)
        day = i % 2 == 0
        out.append({
            "number": i + 1, "name": f"P{i}", "startTime": t0.isoformat() + "-07:00",
            "endTime": (t0 + dt.timedelta(hours=12)).isoformat() + "-07:00", "isDaytime": day,
            "temperature": temperature if day else (temperature if isinstance(temperature, float) else 20),
            "temperatureUnit": "F", "temperatureTrend": None,
            "probabilityOfPrecipitation": {"unitCode": "wmoUnit:percent", "value": chance},
            "windSpeed": wind, "windDirection": "N", "shortForecast": summary, "detailedForecast": summary,
        })
    return out


def nws_forecast(scenario):
    today = dt.date.today()
    if scenario == "huge-numbers":
        ps = periods(today, temperature=1e308, chance=1e300, wind="99999999999999999999 mph")
        ps[1]["temperature"] = -9.3e18
        ps[2]["probabilityOfPrecipitation"]["value"] = 9.3e18
    elif scenario == "escapes":
        ps = periods(today, summary="Snow " + ESCAPES)
    else:
        ps = periods(today)
    return {"properties": {"updateTime": dt.datetime.utcnow().replace(microsecond=0).isoformat() + "+00:00",
                           "periods": ps}}


def open_meteo(scenario):
    today = dt.date.today()
    days = [(today + dt.timedelta(days=i)).isoformat() for i in range(16)]
    n = len(days)
    daily = {"time": days, "temperature_2m_max": [60.0] * n, "temperature_2m_min": [40.0] * n,
             "precipitation_probability_max": [20] * n, "precipitation_sum": [0.0] * n, "snowfall_sum": [0.0] * n,
             "weather_code": [3] * n, "wind_speed_10m_max": [10.0] * n, "wind_gusts_10m_max": [20.0] * n,
             "uv_index_max": [3.0] * n}
    if scenario == "huge-numbers":
        daily["temperature_2m_max"] = [-9.3e18] * n
        daily["temperature_2m_min"] = [1e308] * n
        daily["weather_code"] = [1e300] * n
        daily["precipitation_sum"] = [1e300] * n
        daily["precipitation_probability_max"] = [9.3e18] * n
        daily["wind_gusts_10m_max"] = [-1e300] * n
    return {"latitude": 48.75, "longitude": 2.25, "timezone": "Europe/Paris", "utc_offset_seconds": 3600,
            "daily": daily}


PACKING_LIST = {
    "items": [
        {"category": "Clothing", "name": "Warm jacket", "quantity": 1, "reason": "cold days", "weather": True},
        {"category": "Toiletries", "name": "Toothbrush", "quantity": None, "reason": "every trip", "weather": False},
    ],
    "notices": [],
}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):
        pass

    def do_GET(self):
        self.dispatch()

    def do_POST(self):
        self.dispatch()

    # -- plumbing --------------------------------------------------------------------------------

    def body_json(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        self.raw_length = len(raw)
        try:
            return json.loads(raw or b"{}")
        except ValueError:
            return {}

    def send(self, status, body, ctype="application/json", headers=None):
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        elif isinstance(body, str):
            body = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def trickle(self, body, ctype="application/json", seconds_per_byte=1.0):
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            for i in range(len(body)):
                self.wfile.write(body[i:i + 1])
                self.wfile.flush()
                time.sleep(seconds_per_byte)
        except OSError:
            pass
        self.close_connection = True

    def stream_bytes(self, total, chunk, ctype, first=b"", length=True):
        """Sends `first` then `total` bytes of `chunk` repeated, as fast as the client takes them
        (without a Content-Length when `length` is false: the client only learns the size by counting)."""
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        if length:
            self.send_header("Content-Length", str(len(first) + total))
        else:
            self.send_header("Connection", "close")
        self.end_headers()
        sent = 0
        try:
            self.wfile.write(first)
            while sent < total:
                self.wfile.write(chunk)
                sent += len(chunk)
        except OSError:
            pass
        self.close_connection = True

    # -- routes ----------------------------------------------------------------------------------

    def dispatch(self):
        url = urlsplit(self.path)
        port = self.server.server_address[1]
        if url.path == "/_log":
            with LOCK:
                return self.send(200, {"log": list(LOG)})
        if url.path == "/_reset":
            with LOCK:
                LOG.clear()
                POISON.clear()
            return self.send(200, {"ok": True})
        if url.path in ("/_hold", "/_release", "/_held"):
            return self.send(200, round_four_trips_control(url.path))
        body = self.body_json() if self.command == "POST" else {}
        parts = url.path.strip("/").split("/", 1)
        scenario, rest = parts[0], "/" + (parts[1] if len(parts) > 1 else "")
        with LOCK:
            LOG.append({"port": "main" if port == PORTS["main"] else "other", "method": self.command,
                        "scenario": scenario, "path": rest, "userAgent": self.headers.get("User-Agent"),
                        "authorization": self.headers.get("Authorization"),
                        "bodyBytes": getattr(self, "raw_length", 0),
                        "stream": bool(isinstance(body, dict) and body.get("stream")),
                        "keys": sorted(body) if isinstance(body, dict) else []})
        round_four_trips_wait(scenario, rest, body)
        base = f"http://127.0.0.1:{port}/{scenario}"
        other = f"http://127.0.0.1:{PORTS['other']}/{scenario}"
        if scenario.startswith("w-") and rest in ("/alerts/active", "/v1/archive", "/search"):
            return weather_round_four(self, scenario, rest, url.query)
        if round_four(self, scenario, rest, body):
            return None
        if round_five_poison(self, scenario, rest, body):
            return None
        if rest.startswith("/points/"):
            return self.points(scenario, base, other)
        if rest.endswith("/forecast") and rest.startswith("/gridpoints/"):
            return self.forecast(scenario)
        if rest == "/v1/forecast":
            return self.open_meteo(scenario)
        if rest == "/v1/search":
            return self.geocode_open_meteo(scenario)
        if rest == "/search":
            return self.geocode_nominatim(scenario)
        if rest in ("/props", "/tokenize", "/v1/chat/completions"):
            return self.model(scenario, rest, body, other)
        return self.send(404, {"title": "Not Found", "detail": rest}, "application/problem+json")

    def cache_headers(self, max_age):
        return {"Cache-Control": f"public, max-age={max_age}", "Last-Modified": now_http()}

    def points(self, scenario, base, other):
        if scenario == "redirect-foreign":
            return self.send(301, b"", "text/plain", {"Location": other + self.path[len("/" + scenario):]})
        forecast = (other if scenario == "foreign-forecast" else base) + "/gridpoints/BOU/63,62/forecast"
        doc = {"properties": {"gridId": "BOU", "gridX": 63, "gridY": 62, "forecast": forecast,
                              "timeZone": "America/Denver"}}
        max_age = "inf" if scenario == "huge-numbers" else "86400"
        self.send(200, doc, "application/geo+json", self.cache_headers(max_age))

    def forecast(self, scenario):
        if scenario == "trickle":
            return self.trickle(json.dumps(nws_forecast("ok")).encode(), "application/geo+json")
        if scenario == "huge-body":
            doc = nws_forecast("ok")
            head = json.dumps(doc)[:-2].encode() + b', "padding": "'
            return self.stream_bytes(20 * 1024 * 1024, b"x" * 65536, "application/geo+json", head, length=False)
        if scenario == "huge-error":
            detail = ("An unexpected problem\n\x1b[2J" + "x" * 100 + "\n") * 50000
            return self.send(500, {"title": "Unexpected Problem", "detail": detail, "status": 500},
                             "application/problem+json")
        max_age = {"huge-numbers": "inf", "escapes": "99999999999"}.get(scenario, "3600")
        self.send(200, nws_forecast(scenario), "application/geo+json", self.cache_headers(max_age))

    def open_meteo(self, scenario):
        max_age = "1e308" if scenario == "huge-numbers" else "3600"
        self.send(200, open_meteo(scenario), "application/json", self.cache_headers(max_age))

    # -- geocoders (issue 20) --------------------------------------------------------------------

    def geocode_open_meteo(self, scenario):
        results = []
        if scenario == "w-labels":
            results = [weather_labels_place()]
        if scenario == "g-huge-region":
            results = [{"id": 1e300, "name": "Zzyzx Springs", "latitude": 39.7, "longitude": -104.9, "country_code": "US",
                        "admin1": "R" * 300000, "timezone": "America/Denver", "feature_code": "PPL",
                        "population": 1e300}]
        self.send(200, {"results": results} if results else {"generationtime_ms": 0.1}, "application/json",
                  self.cache_headers("86400"))

    def geocode_nominatim(self, scenario):
        if scenario == "g-none":
            return self.send(200, [], "application/json", self.cache_headers("86400"))
        osm_id = {"g-huge-id": 1e300, "g-negative-id": -1e19}.get(scenario, 123)
        name = "[Zzyzx](http://evil.example/) <b>Springs</b>" if scenario == "g-markdown" else "Zzyzx Springs"
        result = {"place_id": 1, "osm_type": "node", "osm_id": osm_id, "lat": "39.7", "lon": "-104.9",
                  "name": name, "display_name": name + ", Colorado, United States",
                  "category": "place", "type": "town", "place_rank": 16,
                  "address": {"state": "Colorado", "country_code": "us"}}
        self.send(200, [result], "application/json", self.cache_headers("86400"))

    # -- the model -------------------------------------------------------------------------------

    def model(self, scenario, route, body, other):
        m = re.fullmatch(r"m-redirect-(\d{3})", scenario)
        if m:
            return self.send(int(m.group(1)), b"moved", "text/plain", {"Location": other + route})
        if route == "/props":
            n_ctx = {"m-nctx-0": 0, "m-nctx-negative": -5, "m-nctx-huge": 1e300, "m-nctx-tiny": 40}.get(scenario, 8192)
            path = "/models/evil" + ESCAPES + ".gguf" if scenario == "m-escapes" else "/models/hostile.gguf"
            return self.send(200, {"default_generation_settings": {"n_ctx": n_ctx}, "model_path": path,
                                   "chat_template_caps": {"supports_tools": True}})
        if route == "/tokenize":
            text = body.get("content", "") if isinstance(body, dict) else ""
            return self.send(200, {"tokens": list(range((len(text) + 3) // 4))})
        if scenario == "m-huge-error":
            message = ("the model broke\n\x1b]0;pwned\x07" + "y" * 200 + "\r\n") * 25000
            return self.send(500, {"error": {"message": message, "type": "server_error"}})
        if scenario in ("m-huge-answer", "m-huge-answer-unsized"):
            head = b'{"choices":[{"message":{"role":"assistant","content":"'
            return self.stream_bytes(500 * 1024 * 1024, b"z" * 65536, "application/json", head,
                                     length=scenario == "m-huge-answer")
        if scenario == "m-trickle":
            return self.trickle(json.dumps(self.answer(scenario, body)).encode(), seconds_per_byte=0.5)
        if body.get("stream"):
            return self.stream_answer(scenario, body)
        self.send(200, self.answer(scenario, body))

    def answer(self, scenario, body):
        usage = {"prompt_tokens": 100, "completion_tokens": 20}
        if scenario == "m-huge-usage":
            usage = {"prompt_tokens": 1e300, "completion_tokens": -9.3e18}
        tools = body.get("tools") or []
        if tools and body.get("tool_choice") == "required":
            name = tools[0]["function"]["name"]
            args = {"place": "Denver, CO"} if name == "geocode" else {"latitude": 39.7392, "longitude": -104.9847}
            message = {"role": "assistant", "content": "", "tool_calls": [
                {"id": f"call_{name}", "type": "function",
                 "function": {"name": name, "arguments": json.dumps(args)}}]}
            return {"choices": [{"message": message, "finish_reason": "tool_calls"}], "usage": usage}
        if scenario == "m-ask-escapes" or (not body.get("response_format") and not tools):
            content = "Bring boots " + ESCAPES + " and a hat."
        else:
            listing = json.loads(json.dumps(PACKING_LIST))
            if scenario == "m-markdown":
                listing["items"][0]["name"] = "[Claim your prize](http://evil.example/)"
                listing["items"][0]["reason"] = "<img src=x onerror=alert(1)> see www.evil.example or https://evil.example/x"
                listing["notices"] = ["![pixel](http://evil.example/p.png) **bold** `code`"]
            if scenario == "m-names":
                listing = round_four_names_listing()
            if scenario == "m-escapes":
                listing["items"][0]["name"] = "Jacket \x1b[2J\u202e\r"
                listing["items"][0]["reason"] = "cold " + ESCAPES
                listing["notices"] = ["Notice " + ESCAPES]
            content = json.dumps(listing)
        return {"choices": [{"message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
                "usage": usage}

    def stream_answer(self, scenario, body):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        self.close_connection = True
        try:
            if scenario == "m-sse-endless":
                chunk = {"choices": [{"delta": {"content": "la "}}]}
                line = ("data: " + json.dumps(chunk) + "\n\n").encode()
                end = time.monotonic() + 120
                while time.monotonic() < end:
                    self.wfile.write(line)
                    self.wfile.flush()
                    time.sleep(0.01)
                return
            if scenario == "m-sse-longline":
                self.wfile.write(b'data: {"choices":[{"delta":{"content":"')
                block = b"a" * 65536
                for _ in range(8 * 16):     # 8 MB without a newline
                    self.wfile.write(block)
                return
            if scenario == "m-stream-1mb" and not (body.get("tools") and body.get("tool_choice") == "required"):
                items = [{"category": "Clothing", "name": f"Item {i}", "quantity": 1,
                          "reason": "cold " * 30, "weather": False} for i in range(5000)]
                count = 1_000_000 // len(json.dumps(items[0]) + ", ")
                content = json.dumps({"items": items[:count], "notices": []})    # valid JSON, just under 1 MB
                for i in range(0, len(content), 200):
                    chunk = {"choices": [{"delta": {"content": content[i:i + 200]}}]}
                    self.wfile.write(("data: " + json.dumps(chunk) + "\n\n").encode())
                done = {"choices": [{"delta": {}, "finish_reason": "stop"}],
                        "usage": {"prompt_tokens": 100, "completion_tokens": 250000}}
                self.wfile.write(("data: " + json.dumps(done) + "\n\n").encode())
                self.wfile.write(b"data: [DONE]\n\n")
                return
            answer = self.answer(scenario, body)
            message = answer["choices"][0]["message"]
            content = message.get("content") or ""
            for i in range(0, len(content), 8):
                chunk = {"choices": [{"delta": {"content": content[i:i + 8]}}]}
                self.wfile.write(("data: " + json.dumps(chunk) + "\n\n").encode())
            self.wfile.write(b"data: [DONE]\n\n")
        except OSError:
            pass


# -- issue 32, round four: item names ----------------------------------------------------------------
# m-names: a usable list whose names hold invisible characters (a soft hyphen, a zero-width space, a BOM),
# a 44-character name of 220 code points (a letter and four accents each), digits ("42"), and a CSV
# formula behind a semicolon.

def round_four_names_listing():
    def item(category, name, reason="every trip"):
        return {"category": category, "name": name, "quantity": None, "reason": reason, "weather": False}
    return {"items": [
        item("Toiletries", "Sun\u00adscreen"), item("Clothing", "Rain\u200b jacket"), item("Clothing", "\ufeffSocks"),
        item("Accessories", "x\u0301\u0302\u0303\u0304" * 44), item("Documents & money", "42"),
        item("Electronics", "Phone;=1+1;charger"), item("Toiletries", "Toothbrush"), item("Documents & money", "Wallet"),
    ], "notices": []}


# -- round four, trips (issue 32): requests held until the test says ----------------------------------
# m-slow-props: llama-server's /props answers after 1 s (two packs started 0.5 s apart race on the guard).
# m-hold-answer: a pack's answer round (not the round that must call a tool, not a one-token prewarm) is
# held until POST /_release. g-hold: geocoder lookups are held until POST /_release. POST /_hold holds
# again; GET /_held says how many requests wait now and have waited. A hold lasts 30 s at most.

HOLD = threading.Event()
HELD = {"now": 0, "ever": 0}


def round_four_trips_control(path):
    if path == "/_release":
        HOLD.set()
    elif path == "/_hold":
        HOLD.clear()
        with LOCK:
            HELD["ever"] = 0
    with LOCK:
        return {"held": not HOLD.is_set(), "now": HELD["now"], "ever": HELD["ever"]}


def round_four_trips_wait(scenario, rest, body):
    if scenario == "m-slow-props" and rest == "/props":
        time.sleep(1.0)
    body = body if isinstance(body, dict) else {}
    required = body.get("tools") and body.get("tool_choice") == "required"
    answer = rest == "/v1/chat/completions" and not required and body.get("max_tokens") != 1
    if (scenario == "m-hold-answer" and answer) or (scenario == "g-hold" and rest in ("/v1/search", "/search")):
        with LOCK:
            HELD["now"] += 1
            HELD["ever"] += 1
        HOLD.wait(30)
        with LOCK:
            HELD["now"] -= 1


# -- round four (issue 32, untrusted numbers and text): a separate block -------------------------------
#
# Weather: alert-lines (an NWS alert whose event and headline carry a line break and a tab).
# Geocoder: g-lines (an Open-Meteo place name with a line break and a tab).
# Model: m-models-big (no /props; /v1/models of about 1.7 MB), m-models-huge (about 6 MB), m-plain-stream (a
# streamed request answered with plain JSON), m-retry-zero / m-retry-past / m-retry-2099 / m-retry-huge (429
# with Retry-After 0, a past date, a 2099 date, 10^9 s), m-ollama-models (an Ollama serving "big" at 32,768
# and "small" at 4,096 tokens), m-ollama-usage-10 (an Ollama whose usage says 10 prompt tokens).

ROUND_FOUR_LINES = "Winter Storm Warning\nplan: trip 1 deleted\tforged"


def round_four_models_listing(count):
    name = "m" * 120
    return json.dumps({"object": "list", "data": [{"id": f"{name}{i}", "object": "model"} for i in range(count)]})


def round_four(handler, scenario, rest, body):
    """Answers a round-four scenario's route; False for anything else (the ordinary routes then)."""
    if scenario == "alert-lines" and rest.startswith("/alerts/active"):
        now = dt.datetime.now(dt.timezone.utc)
        feature = {"properties": {"event": ROUND_FOUR_LINES, "headline": "Heavy snow\nplan: forged headline",
                                  "severity": "Severe", "status": "Actual", "messageType": "Alert",
                                  "onset": (now + dt.timedelta(days=1)).isoformat(),
                                  "ends": (now + dt.timedelta(days=3)).isoformat(),
                                  "description": "* WHAT...Heavy snow expected."}}
        handler.send(200, {"type": "FeatureCollection", "features": [feature]}, "application/geo+json")
        return True
    if scenario == "g-lines" and rest == "/v1/search":
        result = {"id": 7, "name": "Zzyzx\nplan: forged line\tSprings", "latitude": 39.7, "longitude": -104.9,
                  "country_code": "US", "admin1": "Colo\trado", "timezone": "America/Denver", "feature_code": "PPL"}
        handler.send(200, {"results": [result]}, "application/json", handler.cache_headers("86400"))
        return True
    if scenario in ("m-models-big", "m-models-huge"):
        if rest == "/props":
            handler.send(404, {"error": {"message": "no props here"}})
            return True
        if rest == "/v1/models":
            handler.send(200, round_four_models_listing(12000 if scenario == "m-models-big" else 45000))
            return True
        return False
    if scenario == "m-plain-stream" and rest == "/v1/chat/completions" and body.get("stream"):
        handler.send(200, handler.answer(scenario, body))
        return True
    waits = {"m-retry-zero": "0", "m-retry-past": "Sun, 06 Nov 1994 08:49:37 GMT",
             "m-retry-2099": "Thu, 01 Jan 2099 00:00:00 GMT", "m-retry-huge": "1000000000"}
    if scenario in waits and rest == "/v1/chat/completions":
        handler.send(429, {"error": {"message": "slow down"}}, "application/json", {"Retry-After": waits[scenario]})
        return True
    if scenario in ("m-ollama-models", "m-ollama-usage-10"):
        return round_four_ollama(handler, scenario, rest, body)
    return False


def round_four_ollama(handler, scenario, rest, body):
    windows = {"big": 32768, "small": 4096} if scenario == "m-ollama-models" else {"llama3": 8192}
    if rest == "/props":
        handler.send(404, {"error": "404 page not found"}, "text/plain")
    elif rest == "/api/version":
        handler.send(200, {"version": "0.6.0"})
    elif rest == "/api/ps":
        handler.send(200, {"models": [{"name": n, "model": n, "context_length": w} for n, w in windows.items()]})
    elif rest == "/v1/models":
        handler.send(200, {"object": "list", "data": [{"id": n, "object": "model"} for n in windows]})
    elif rest == "/v1/chat/completions":
        answer = handler.answer(scenario, body)
        # What Ollama counts: about a token for every four bytes sent, or the 10 of m-ollama-usage-10.
        prompt = 10 if scenario == "m-ollama-usage-10" else max(100, getattr(handler, "raw_length", 0) // 4)
        answer["usage"] = {"prompt_tokens": prompt, "completion_tokens": 20}
        if body.get("stream"):
            handler.send(200, "".join(f"data: {json.dumps(c)}\n\n" for c in round_four_chunks(answer)) + "data: [DONE]\n\n",
                         "text/event-stream")
        else:
            handler.send(200, answer)
    else:
        return False
    return True


def round_four_chunks(answer):
    """A whole answer as stream chunks: its content in pieces, its tool calls at once, its usage last."""
    message = answer["choices"][0]["message"]
    content = message.get("content") or ""
    chunks = [{"choices": [{"delta": {"content": content[i:i + 64]}}]} for i in range(0, len(content), 64)]
    calls = [dict(call, index=i) for i, call in enumerate(message.get("tool_calls") or [])]
    if calls:
        chunks.append({"choices": [{"delta": {"tool_calls": calls}}]})
    chunks.append({"choices": [{"delta": {}, "finish_reason": answer["choices"][0]["finish_reason"]}],
                   "usage": answer["usage"]})
    return chunks


# -- issue 41, round five: engine memory a server cannot poison ------------------------------------------
# No /props (a server that never says its window, learnt only from overflows). The first chat request after
# POST /_reset is poison, every later one is answered as m-ok:
#   m-poison-window  a 400 overflow naming a 16-token window (llama-server's words and fields)
#   m-poison-rename  a 400 "Unsupported parameter: 'messages' ... Use 'input' instead."; a request that
#                    then sends `input` without `messages` is refused with "'messages' is required"

POISON = {}


def round_five_poison(handler, scenario, rest, body):
    if scenario not in ("m-poison-window", "m-poison-rename"):
        return False
    if rest == "/props":
        handler.send(404, {"error": {"message": "no props here"}})
        return True
    if rest == "/v1/models":
        handler.send(200, {"object": "list", "data": [{"id": "poison", "object": "model"}]})
        return True
    if rest != "/v1/chat/completions":
        return False
    if "messages" not in body:
        handler.send(400, {"error": {"message": "'messages' is required", "type": "invalid_request_error"}})
        return True
    with LOCK:
        count = POISON.get(scenario, 0)
        POISON[scenario] = count + 1
    if count == 0 and scenario == "m-poison-window":
        handler.send(400, {"error": {"code": 400, "type": "exceed_context_size_error", "n_prompt_tokens": 900, "n_ctx": 16,
                                     "message": "request (900 tokens) exceeds the available context size (16 tokens)"}})
        return True
    if count == 0:
        handler.send(400, {"error": {"message": "Unsupported parameter: 'messages' is not supported with this model. "
                                                "Use 'input' instead.", "type": "invalid_request_error",
                                     "param": "messages", "code": "unsupported_parameter"}})
        return True
    if body.get("stream"):
        answer = handler.answer(scenario, body)
        handler.send(200, "".join(f"data: {json.dumps(c)}\n\n" for c in round_four_chunks(answer)) + "data: [DONE]\n\n",
                     "text/event-stream")
    else:
        handler.send(200, handler.answer(scenario, body))
    return True


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass


def main():
    main_server = Server(("127.0.0.1", 0), Handler)
    other_server = Server(("127.0.0.1", 0), Handler)
    PORTS["main"] = main_server.server_address[1]
    PORTS["other"] = other_server.server_address[1]
    signal.signal(signal.SIGTERM, lambda s, f: os._exit(0))
    signal.signal(signal.SIGINT, lambda s, f: os._exit(0))
    threading.Thread(target=other_server.serve_forever, daemon=True).start()
    parent = os.getppid()

    def watch():
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, daemon=True).start()
    print(f"PORT {PORTS['main']} {PORTS['other']}", flush=True)
    main_server.serve_forever(poll_interval=0.2)



# ---------------------------------------------------------------- issue 32, round four: a stop's own weather
# Scenarios `w-*` (Tests/Reliability/round_four_weather.py): NWS alerts (`/alerts/active`) and the Open-Meteo
# archive (`/v1/archive`); every other route of a `w-*` scenario is the well-behaved one.
#   w-alerts-early  a Winter Storm Warning north of 37°N from today+1 6 am to today+2 6 pm (-07:00)
#   w-alerts-500    /alerts/active answers 500
#   w-alerts-huge   /alerts/active answers 3 MB
#   w-alerts-slow   /alerts/active waits 5 s before answering
#   w-climate-gap   the archive has too few readings for the first trip day; later days' highs rise 5°F a day
#   w-labels        both geocoders name the place with the day labels of today+1 … today+14


def weather_labels_place():
    today = dt.date.today()
    labels = " ".join((today + dt.timedelta(days=i)).strftime("%a %b ") + str((today + dt.timedelta(days=i)).day)
                      for i in range(1, 15))
    return {"id": 4242, "name": labels, "latitude": 36.1, "longitude": -115.1, "country_code": "US", "admin1": "Nevada",
            "timezone": "America/Los_Angeles", "feature_code": "PPL", "population": 1000}


def weather_alerts(query):
    point = dict(parse_qsl(query)).get("point", "0,0").split(",")
    features = []
    if float(point[0]) > 37:
        zone = dt.timezone(dt.timedelta(hours=-7))
        today = dt.date.today()
        onset = dt.datetime.combine(today + dt.timedelta(days=1), dt.time(6), zone)
        ends = dt.datetime.combine(today + dt.timedelta(days=2), dt.time(18), zone)
        features.append({"type": "Feature", "properties": {
            "event": "Winter Storm Warning", "severity": "Severe", "headline": "Winter Storm Warning until day 2",
            "onset": onset.isoformat(), "ends": ends.isoformat(), "expires": ends.isoformat(),
            "sent": onset.isoformat(), "effective": onset.isoformat(), "status": "Actual", "messageType": "Alert",
            "description": "* WHAT...Heavy snow.", "instruction": ""}})
    return {"type": "FeatureCollection", "features": features}


def weather_archive(query):
    params = dict(parse_qsl(query))
    start = dt.date.fromisoformat(params["start_date"])
    end = dt.date.fromisoformat(params["end_date"])
    first = start + dt.timedelta(days=3)  # the first trip day's month and day (the window pools 3 days either side)

    def offset(day):
        candidates = []
        for year in (day.year - 1, day.year, day.year + 1):
            try:
                candidates.append((day - dt.date(year, first.month, min(first.day, 28 if first.month == 2 else 31))).days)
            except ValueError:
                pass
        return min(candidates, key=abs)

    times, highs, lows = [], [], []
    day = start
    while day <= end:
        k = offset(day)
        times.append(day.isoformat())
        usable = 3 <= k <= 20
        highs.append(40.0 + 10 * k if usable else None)
        lows.append(20.0 + 10 * k if usable else None)
        day += dt.timedelta(days=1)
    n = len(times)
    return {"latitude": 39.75, "longitude": -105.0, "elevation": 1600.0, "timezone": "America/Denver",
            "daily": {"time": times, "temperature_2m_max": highs, "temperature_2m_min": lows,
                      "precipitation_sum": [0.0 if h is not None else None for h in highs], "snowfall_sum": [0.0] * n,
                      "wind_speed_10m_max": [5.0] * n, "wind_gusts_10m_max": [10.0] * n}}


def weather_round_four(handler, scenario, rest, query):
    if rest == "/search":
        if scenario != "w-labels":
            return handler.geocode_nominatim(scenario)
        name = weather_labels_place()["name"]
        result = {"place_id": 4242, "osm_type": "node", "osm_id": 4242, "lat": "36.1", "lon": "-115.1", "name": name,
                  "display_name": name + ", Nevada, United States", "category": "place", "type": "town",
                  "place_rank": 16, "address": {"state": "Nevada", "country_code": "us"}}
        return handler.send(200, [result], "application/json", handler.cache_headers("86400"))
    if rest == "/v1/archive":
        if scenario != "w-climate-gap":
            return handler.send(404, {"error": True, "reason": "no archive in this scenario"})
        return handler.send(200, weather_archive(query), "application/json", handler.cache_headers("86400"))
    if scenario == "w-alerts-500":
        return handler.send(500, {"title": "Internal Server Error"}, "application/problem+json")
    if scenario == "w-alerts-huge":
        padding = "x" * (3 * 1024 * 1024)
        return handler.send(200, {"type": "FeatureCollection", "features": [], "padding": padding}, "application/geo+json")
    if scenario == "w-alerts-slow":
        time.sleep(5)
    body = weather_alerts(query) if scenario == "w-alerts-early" else {"type": "FeatureCollection", "features": []}
    return handler.send(200, body, "application/geo+json", handler.cache_headers("60"))


if __name__ == "__main__":
    main()

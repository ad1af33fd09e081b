#!/usr/bin/env python3
"""Loopback stand-in for api.weather.gov (NWS) and api.open-meteo.com, for the Swift tests.

    python3 server.py --port 0 [--anchor YYYY-MM-DD] [--forecast-max-age 300] [--alerts-max-age 30] [--verbose]

Binds 127.0.0.1, prints exactly one line "PORT <n>" to stdout, then serves until
SIGTERM/SIGINT. Python 3 standard library only. Weather data lives in data/*.json;
see README.md for the routes, the cities and the /_control API (faults, counters).
"""
import argparse, datetime as dt, email.utils, json, math, os, re, select
import signal, socket, struct, sys, threading, time, uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "data", "nws.json"), encoding="utf-8") as f:
    NWS = json.load(f)["offices"]
with open(os.path.join(HERE, "data", "open-meteo.json"), encoding="utf-8") as f:
    _om = json.load(f)
    OM_CITIES, OM_GENERIC = _om["cities"], _om["generic"]
with open(os.path.join(HERE, "data", "climate.json"), encoding="utf-8") as f:
    _climate = json.load(f)
    CLIMATE_CITIES, CLIMATE_GENERIC = _climate["cities"], _climate["generic"]
with open(os.path.join(HERE, "data", "alerts.json"), encoding="utf-8") as f:
    ALERT_CITIES = json.load(f)["cities"]

GENERIC_OFFICE = "XYZ"
POINTS_MAX_AGE = 86400          # the point -> grid mapping rarely changes
HANG_CAP = 120.0                # a "hang" never keeps a thread longer than this
NEAR_DEGREES = 1.0              # "nearest known city" radius
FAULT_MODES = ("500", "503", "404", "400", "301", "slow", "hang",
               "malformed", "html", "ratelimit", "reset")
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
COMPASS = {"N": "North", "S": "South", "E": "East", "W": "West"}
NUMBER = re.compile(r"-?\d+(?:\.(\d+))?")
POINTS_PATH = re.compile(r"/points/([^/]*)")
FORECAST_PATH = re.compile(r"/gridpoints/([^/]+)/(-?\d+),(-?\d+)/forecast")
ARCHIVE_VARS = ("temperature_2m_max", "temperature_2m_min", "precipitation_sum", "snowfall_sum",
                "wind_speed_10m_max", "wind_gusts_10m_max", "rain_sum", "precipitation_hours",
                "sunshine_duration", "daylight_duration")
ARCHIVE_FIRST = dt.date(1940, 1, 1)
ARCHIVE_LAG_DAYS = 5            # ERA5 runs about five days behind today
ALERTS_MAX_AGE = 30
NWS_CONTEXT = ["https://geojson.org/geojson-ld/geojson-context.jsonld",
               {"@version": "1.1", "wx": "https://api.weather.gov/ontology#",
                "s": "https://schema.org/", "geo": "http://www.opengis.net/ont/geosparql#",
                "unit": "http://codes.wmo.int/common/unit/",
                "@vocab": "https://api.weather.gov/ontology#"}]
OM_DAILY_VARS = ("temperature_2m_max", "temperature_2m_min", "precipitation_probability_max",
                 "precipitation_sum", "snowfall_sum", "weather_code", "wind_speed_10m_max",
                 "wind_gusts_10m_max", "uv_index_max")
AKAMAI_PAGE = ("<HTML><HEAD>\n<TITLE>Access Denied</TITLE>\n</HEAD><BODY>\n<H1>Access Denied</H1>\n \n"
               "You don't have permission to access \"http&#58;&#47;&#47;api&#46;weather&#46;gov&#47;\" "
               "on this server.<P>\nReference&#32;&#35;18&#46;7a3c1302&#46;1700000000&#46;2f1e9a0\n</BODY>\n</HTML>\n")
OPTS = None   # argparse namespace, set in main()


def httpdate(ts):
    return email.utils.formatdate(ts, usegmt=True)


def isodate_utc(ts):
    return dt.datetime.fromtimestamp(ts, dt.timezone.utc).isoformat(timespec="seconds")


def fmt4(x):
    """Round to 4 decimals the way NWS prints points: 39.7392, -85, 30.1."""
    s = f"{round(x, 4):.4f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def compass_words(d):
    """'NNE' -> 'North northeast' (the wording of detailedForecast)."""
    words = [COMPASS[c] for c in d]
    if len(words) == 3:
        return f"{words[0]} {words[1].lower()}{words[2].lower()}"
    return "".join(w if i == 0 else w.lower() for i, w in enumerate(words))


def nearest(lat, lon, places):
    """(key, place) of the place within NEAR_DEGREES of the point, or (None, None)."""
    best, best_d = (None, None), NEAR_DEGREES
    for key, p in places:
        d = math.hypot(p["latitude"] - lat, p["longitude"] - lon)
        if d <= best_d:
            best, best_d = (key, p), d
    return best


def nws_covered(lat, lon):
    """Contiguous US box, Alaska or Hawaii: the generic XYZ office serves these."""
    return ((24 <= lat <= 50 and -125 <= lon <= -66) or (51 <= lat <= 72 and -180 <= lon <= -129)
            or (18 <= lat <= 23 and -161 <= lon <= -154))


def generic_tz(lat, lon):
    if lat <= 23 and lon <= -154:
        return "Pacific/Honolulu"
    if lat >= 51 and lon <= -129:
        return "America/Anchorage"
    for edge, tz in ((-87.5, "America/New_York"), (-101.5, "America/Chicago"), (-114.5, "America/Denver")):
        if lon >= edge:
            return tz
    return "America/Los_Angeles"


def distance_bearing(lat1, lon1, lat2, lon2):
    """Great-circle metres and initial bearing (degrees) from point 1 to point 2."""
    p1, p2, dl = math.radians(lat1), math.radians(lat2), math.radians(lon2 - lon1)
    a = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    metres = 2 * 6371008.8 * math.asin(math.sqrt(a))
    y = math.sin(dl) * math.cos(p2)
    x = math.cos(p1) * math.sin(p2) - math.sin(p1) * math.cos(p2) * math.cos(dl)
    return metres, round(math.degrees(math.atan2(y, x))) % 360


class Resp:
    """One HTTP answer. lm (unix seconds) marks a cacheable 200 for If-Modified-Since."""

    def __init__(self, status, body=b"", ctype=None, headers=None, lm=None):
        self.status, self.body, self.lm = status, body, lm
        self.headers = dict(headers or {})
        if ctype:
            self.headers["Content-Type"] = ctype


def dumps(obj, compact=False):
    """NWS pretty-prints its JSON; Open-Meteo sends it compact."""
    return json.dumps(obj, ensure_ascii=False, indent=None if compact else 4,
                      separators=(",", ":") if compact else None).encode("utf-8")


def cache_headers(max_age, lm=None):
    h = {"Cache-Control": f"public, max-age={max_age}", "Expires": httpdate(time.time() + max_age)}
    if lm is not None:
        h["Last-Modified"] = httpdate(lm)
    return h


def problem(status, title, kind, detail, **extra):
    """NWS application/problem+json error."""
    cid = uuid.uuid4().hex[:8]
    body = {"correlationId": cid, "title": title, "type": f"https://api.weather.gov/problems/{kind}",
            "status": status, "detail": detail, "instance": f"https://api.weather.gov/requests/{cid}"}
    body.update(extra)
    return Resp(status, dumps(body), "application/problem+json", {"X-Correlation-Id": cid})


def invalid_parameter(detail, parameter):
    return problem(400, "Invalid Parameter", "InvalidParameter", detail,
                   parameterErrors=[{"parameter": parameter, "message": detail}])


def om_error(reason, status=400):
    return Resp(status, dumps({"error": True, "reason": reason}, True), "application/json; charset=utf-8")


class State:
    """Everything the control API changes; shared by all handler threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.started = int(time.time())
        self.reset()

    def reset(self):
        with self.lock:
            self.faults, self.next_id = [], 1
            self.total, self.by_path, self.log = 0, {}, []
            self.touches = []           # [(match, last-modified unix seconds)], newest last

    def record(self, entry):
        with self.lock:
            self.total += 1
            self.by_path[entry["path"]] = self.by_path.get(entry["path"], 0) + 1
            self.log.append(entry)

    def snapshot(self):
        with self.lock:
            return dumps({"total": self.total, "byPath": self.by_path, "log": self.log})

    def add_fault(self, fault):
        with self.lock:
            fault["id"] = self.next_id
            self.next_id += 1
            self.faults.append(fault)
            return dict(fault)

    def take_fault(self, path):
        """The first active fault whose match is in path; counts one use of it."""
        with self.lock:
            for f in self.faults:
                # A 301 fault must not redirect its own /redirected target again (loop).
                if f["match"] in path and not (f["mode"] == "301" and path.startswith("/redirected/")):
                    if f["times"] is not None:
                        f["times"] -= 1
                        if f["times"] <= 0:
                            self.faults.remove(f)
                    return dict(f)
        return None

    def last_modified(self, key):
        with self.lock:
            for match, ts in reversed(self.touches):
                if match in key:
                    return ts
            return self.started

    def touch(self, match, age=None):
        """Bump Last-Modified of matching resources (strictly later than any earlier value),
        or with age set it to now - age (to simulate an old forecast)."""
        with self.lock:
            if age is None:
                newest = max([self.started] + [ts for _, ts in self.touches])
                ts = max(int(time.time()), newest + 1)
            else:
                ts = int(time.time() - age)
            self.touches.append((match, ts))
            return ts


STATE = State()


# ---------------------------------------------------------------- NWS


def nws_points(raw, base, prefix):
    parts = raw.split(",")
    nums = [NUMBER.fullmatch(p) for p in parts]
    if len(parts) != 2 or not all(nums):
        return invalid_parameter(f"Parameter \"point\" is invalid: '{raw}' does not match "
                                 "/^(-?\\d+(?:\\.\\d+)?),(-?\\d+(?:\\.\\d+)?)$/", "path.point")
    lat, lon = float(parts[0]), float(parts[1])
    if abs(lat) > 90 or abs(lon) > 180:
        return invalid_parameter(f"Parameter \"point\" is invalid: '{raw}' is not a valid "
                                 "latitude,longitude pair", "path.point")
    point = f"{fmt4(lat)},{fmt4(lon)}"
    if any(len(m.group(1) or "") > 4 for m in nums):
        r = problem(301, "Adjusting Precision Of Point Coordinate", "AdjustPointPrecision",
                    "The precision of latitude/longitude points is limited to 4 decimal digits "
                    "for efficiency. The location attribute contains your request mapped to the "
                    "nearest supported point. If your client supports it, you will be redirected.")
        r.headers["Location"] = f"{prefix}/points/{point}"
        return r
    office, prof = nearest(lat, lon, [(k, v) for k, v in NWS.items() if "latitude" in v])
    if prof:
        gx, gy, tz = prof["gridX"], prof["gridY"], prof["timeZone"]
        clat, clon = prof["latitude"], prof["longitude"]
    elif nws_covered(lat, lon):
        office, prof = GENERIC_OFFICE, NWS[GENERIC_OFFICE]
        gx, gy = round((lon + 180) * 2), round(lat * 2)
        clat, clon = gy / 2, gx / 2 - 180
        tz = generic_tz(clat, clon)
    else:
        return problem(404, "Data Unavailable For Requested Point", "InvalidPoint",
                       f"Unable to provide data for requested point {point}")
    metres, bearing = distance_bearing(clat, clon, lat, lon)
    grid = f"{base}/gridpoints/{office}/{gx},{gy}"
    body = {
        "@context": NWS_CONTEXT, "id": f"{base}/points/{point}", "type": "Feature",
        "geometry": {"type": "Point", "coordinates": [lon, lat]},
        "properties": {
            "@id": f"{base}/points/{point}", "@type": "wx:Point", "cwa": office,
            "forecastOffice": f"{base}/offices/{office}", "gridId": office, "gridX": gx, "gridY": gy,
            "forecast": f"{grid}/forecast", "forecastHourly": f"{grid}/forecast/hourly",
            "forecastGridData": grid, "observationStations": f"{grid}/stations",
            "relativeLocation": {
                "type": "Feature", "geometry": {"type": "Point", "coordinates": [clon, clat]},
                "properties": {"city": prof["city"], "state": prof["state"],
                               "distance": {"unitCode": "wmoUnit:m", "value": round(metres, 4)},
                               "bearing": {"unitCode": "wmoUnit:degree_(angle)", "value": bearing}}},
            "forecastZone": f"{base}/zones/forecast/{prof['forecastZone']}",
            "county": f"{base}/zones/county/{prof['county']}",
            "fireWeatherZone": f"{base}/zones/fire/{prof['fireWeatherZone']}",
            "timeZone": tz, "radarStation": prof["radarStation"]}}
    return body


def nws_grid(office, gx, gy):
    """(profile, time zone, lat, lon) for a served grid, or None."""
    prof = NWS.get(office)
    if office == GENERIC_OFFICE:
        lat, lon = gy / 2, gx / 2 - 180
        if nws_covered(lat, lon):
            return prof, generic_tz(lat, lon), lat, lon
    elif prof and (gx, gy) == (prof["gridX"], prof["gridY"]):
        return prof, prof["timeZone"], prof["latitude"], prof["longitude"]
    return None


def detailed(p, daytime, temp, wind, gust):
    """detailedForecast in NWS wording, unless the profile spells it out (possibly "")."""
    if "detailedForecast" in p:
        return p["detailedForecast"]
    if p["temperatureTrend"] == "falling":
        t = f"temperatures falling to around {temp} " + ("in the afternoon" if daytime else "overnight")
    else:
        t = f"a high near {temp}" if daytime else f"a low around {temp}"
    out = f"{p['shortForecast'].capitalize()}, with {t}. {compass_words(p['windDirection'])} wind {wind}"
    out += f", with gusts as high as {gust}." if gust else "."
    if p["pop"]:
        out += f" Chance of precipitation is {p['pop']}%."
    return out


def nws_forecast(office, gx, gy, units, lm):
    found = nws_grid(office, gx, gy)
    if not found:
        return None
    prof, tz, lat, lon = found
    zone, si = ZoneInfo(tz), units == "si"
    kmh = lambda s: re.sub(r"\d+", lambda m: str(round(int(m.group()) * 1.609344)), s).replace("mph", "km/h")
    periods = []
    for i, p in enumerate(prof["periods"]):
        day, daytime = OPTS.anchor + dt.timedelta(days=i // 2), i % 2 == 0
        start = dt.datetime(day.year, day.month, day.day, 6 if daytime else 18, tzinfo=zone)
        end_day = day if daytime else day + dt.timedelta(days=1)
        end = dt.datetime(end_day.year, end_day.month, end_day.day, 18 if daytime else 6, tzinfo=zone)
        if i < 2:
            name = "Today" if daytime else "Tonight"
        else:
            name = WEEKDAYS[day.weekday()] + ("" if daytime else " Night")
        temp = round((p["temperature"] - 32) * 5 / 9) if si else p["temperature"]
        wind = kmh(p["windSpeed"]) if si else p["windSpeed"]
        gust = p.get("windGust") and (kmh(p["windGust"]) if si else p["windGust"])
        period = {
            "number": i + 1, "name": name, "startTime": start.isoformat(), "endTime": end.isoformat(),
            "isDaytime": daytime, "temperature": temp, "temperatureUnit": "C" if si else "F",
            "temperatureTrend": p["temperatureTrend"],
            "probabilityOfPrecipitation": {"unitCode": "wmoUnit:percent", "value": p["pop"]},
            "dewpoint": {"unitCode": "wmoUnit:degC", "value": p["dewpoint"]},
            "relativeHumidity": {"unitCode": "wmoUnit:percent", "value": p["relativeHumidity"]},
            "windSpeed": wind}
        if gust:
            period["windGust"] = gust
        period.update({
            "windDirection": p["windDirection"],
            "icon": f"https://api.weather.gov/icons/land/{'day' if daytime else 'night'}/{p['icon']}?size=medium",
            "shortForecast": p["shortForecast"],
            "detailedForecast": detailed(p, daytime, temp, wind, gust)})
        periods.append(period)
    first = dt.datetime.fromisoformat(periods[0]["startTime"])
    span = dt.datetime.fromisoformat(periods[-1]["endTime"]) - first
    valid = f"{first.astimezone(dt.timezone.utc).isoformat()}/P{span.days}DT{span.seconds // 3600}H"
    return {
        "@context": NWS_CONTEXT, "type": "Feature",
        "geometry": {"type": "GeometryCollection", "geometries": [{"type": "Point", "coordinates": [lon, lat]}]},
        "properties": {
            "updated": isodate_utc(lm), "units": units, "forecastGenerator": "BaselineForecastGenerator",
            "generatedAt": isodate_utc(time.time()), "updateTime": isodate_utc(lm), "validTimes": valid,
            "elevation": {"unitCode": "wmoUnit:m", "value": prof["elevation"]}, "periods": periods}}


# ---------------------------------------------------------------- Open-Meteo


def wmo_code(p):
    """A WMO weather code for an NWS period (used for the Open-Meteo view of US cities)."""
    s, pop = p["shortForecast"].lower(), p["pop"] or 0
    if "thunder" in s:
        return 95
    if "heavy snow" in s:
        return 75
    if "snow" in s:
        return 73 if pop >= 60 else 71
    if "rain" in s or "showers" in s:
        return 63 if pop >= 60 else 61
    if "fog" in s:
        return 45
    for word, code in (("mostly cloudy", 3), ("partly", 2), ("mostly", 1)):
        if word in s:
            return code
    return 0


def daily_from_nws(prof):
    """16 Open-Meteo days for a US city from its 7 NWS day/night pairs (days 8-16 repeat 1-9)."""
    daily = {v: [] for v in OM_DAILY_VARS}
    mph = lambda s: [int(n) for n in re.findall(r"\d+", s or "")]
    for i in range(16):
        d, n = prof["periods"][2 * (i % 7)], prof["periods"][2 * (i % 7) + 1]
        pop = max([p["pop"] for p in (d, n) if p["pop"] is not None], default=0)
        code = max(wmo_code(d), wmo_code(n))
        per_pct = 20 if code >= 95 else 10 if code >= 71 else 8 if code >= 51 else 0
        precip = round(pop / 100 * per_pct, 1)
        wind = float(max(mph(d["windSpeed"]) + mph(n["windSpeed"])))
        gusts = mph(d.get("windGust")) + mph(n.get("windGust"))
        for var, value in (("temperature_2m_max", float(d["temperature"])),
                           ("temperature_2m_min", float(n["temperature"])),
                           ("precipitation_probability_max", pop), ("precipitation_sum", precip),
                           ("snowfall_sum", round(precip * 0.7, 2) if 71 <= code <= 86 else 0.0),
                           ("weather_code", code), ("wind_speed_10m_max", wind),
                           ("wind_gusts_10m_max", float(max(gusts)) if gusts else round(wind * 1.6, 1)),
                           ("uv_index_max", max(0.5, prof["uvIndex"] - (2 if pop >= 50 else 0)))):
            daily[var].append(value)
    return daily


def open_meteo(query, lm):
    began = time.perf_counter()
    q, wanted = {}, []
    for k, v in parse_qsl(query, keep_blank_values=True):
        if k == "daily":
            wanted += [s for s in v.split(",") if s]
        else:
            q[k] = v
    coords = []
    for name, limit in (("latitude", 90), ("longitude", 180)):
        if name not in q:
            return om_error(f"Parameter '{name}' is required")
        try:
            value = float(q[name])
        except ValueError:
            return om_error(f"Cannot initialize Float from invalid String value {q[name]} for key {name}")
        if not math.isfinite(value) or abs(value) > limit:
            return om_error(f"{name.capitalize()} must be in range of -{limit} to {limit}°. Given: {value}.")
        coords.append(value)
    lat, lon = coords
    first = 0
    if "start_date" in q or "end_date" in q:
        if "forecast_days" in q:
            return om_error("Parameter 'forecast_days' is mutually exclusive with 'start_date' and 'end_date'")
        if "start_date" not in q or "end_date" not in q:
            return om_error("Parameter 'start_date' and 'end_date' must be set together")
        try:
            start, end = dt.date.fromisoformat(q["start_date"]), dt.date.fromisoformat(q["end_date"])
        except ValueError:
            return om_error("Invalid date format. Make sure to use 'YYYY-MM-DD'")
        last = OPTS.anchor + dt.timedelta(days=15)
        for name, value in (("start_date", start), ("end_date", end)):
            if not OPTS.anchor <= value <= last:
                return om_error(f"Parameter '{name}' is out of allowed range from {OPTS.anchor.isoformat()} "
                                f"to {last.isoformat()}")
        if end < start:
            return om_error("End-date must be larger or equals than start-date")
        first, days = (start - OPTS.anchor).days, (end - start).days + 1
    else:
        try:
            days = int(q.get("forecast_days", "7"))
        except ValueError:
            days = 0
        if not 1 <= days <= 16:
            return om_error("Forecast days is invalid. Allowed range 1 to 16.")
    t_unit, w_unit, p_unit = (q.get("temperature_unit", "celsius"), q.get("wind_speed_unit", "kmh"),
                              q.get("precipitation_unit", "mm"))
    if t_unit not in ("celsius", "fahrenheit") or w_unit not in ("kmh", "mph", "ms", "kn") \
            or p_unit not in ("mm", "inch"):
        return om_error("Invalid unit: temperature_unit, wind_speed_unit or precipitation_unit")
    for v in wanted:
        if v not in OM_DAILY_VARS:
            return om_error(f"Data corrupted at path ''. Cannot initialize ForecastVariableDaily "
                            f"from invalid String value {v}.")
    # Pick the profile: world city, US city (derived from NWS), or the generic mild one.
    _, city = nearest(lat, lon, list(OM_CITIES.items()))
    _, us = (None, None) if city else nearest(lat, lon, [(k, v) for k, v in NWS.items() if "latitude" in v])
    if city:
        daily_src, auto_tz, elevation = city["daily"], city["timezone"], city["elevation"]
    elif us:
        daily_src, auto_tz, elevation = daily_from_nws(us), us["timeZone"], us["elevation"]
    else:
        daily_src, auto_tz, elevation = OM_GENERIC["daily"], OM_GENERIC["timezone"], OM_GENERIC["elevation"]
    tz = q.get("timezone", "GMT")
    tz = auto_tz if tz == "auto" else tz
    try:
        zone = ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError):
        return om_error(f"Invalid timezone {tz}")
    noon = dt.datetime.combine(OPTS.anchor, dt.time(12), zone)
    abbr = noon.tzname()
    if abbr[0] in "+-":    # zoneinfo says "-03"; Open-Meteo says "GMT-3"
        abbr = f"GMT{abbr[0]}{int(abbr[1:3])}" + (f":{abbr[3:]}" if len(abbr) > 3 else "")
    to_c = lambda f: round((f - 32) * 5 / 9, 1)
    wind_factor = {"kmh": 1.609344, "mph": 1.0, "ms": 0.44704, "kn": 0.868976}[w_unit]
    convert = {"temperature_2m_max": to_c if t_unit == "celsius" else None,
               "temperature_2m_min": to_c if t_unit == "celsius" else None,
               "wind_speed_10m_max": lambda v: round(v * wind_factor, 1),
               "wind_gusts_10m_max": lambda v: round(v * wind_factor, 1),
               "precipitation_sum": (lambda v: round(v / 25.4, 3)) if p_unit == "inch" else None,
               "snowfall_sum": (lambda v: round(v / 2.54, 3)) if p_unit == "inch" else None}
    unit_of = {"temperature_2m_max": "°C" if t_unit == "celsius" else "°F",
               "precipitation_probability_max": "%", "precipitation_sum": p_unit,
               "snowfall_sum": "cm" if p_unit == "mm" else "inch", "weather_code": "wmo code",
               "wind_speed_10m_max": {"kmh": "km/h", "mph": "mp/h", "ms": "m/s", "kn": "kn"}[w_unit],
               "uv_index_max": ""}
    unit_of["temperature_2m_min"] = unit_of["temperature_2m_max"]
    unit_of["wind_gusts_10m_max"] = unit_of["wind_speed_10m_max"]
    cell = lambda x: round(math.floor(x / 0.25) * 0.25 + 0.125, 6)   # the 0.25-degree grid cell's centre
    body = {"latitude": cell(lat), "longitude": cell(lon), "generationtime_ms": 0.0,
            "utc_offset_seconds": int(noon.utcoffset().total_seconds()), "timezone": tz,
            "timezone_abbreviation": abbr, "elevation": elevation}
    if wanted:
        body["daily_units"] = {"time": "iso8601", **{v: unit_of[v] for v in wanted}}
        body["daily"] = {"time": [(OPTS.anchor + dt.timedelta(days=i)).isoformat() for i in range(first, first + days)]}
        for v in wanted:
            fn = convert.get(v) or (lambda x: x)
            body["daily"][v] = [fn(x) for x in daily_src[v][first:first + days]]
    body["generationtime_ms"] = round((time.perf_counter() - began) * 1000, 4)
    return Resp(200, dumps(body, True), "application/json; charset=utf-8",
                cache_headers(OPTS.forecast_max_age, lm), lm=lm)


# ---------------------------------------------------------------- Open-Meteo archive (ERA5)


def normal(values, day):
    """A monthly normal (12 values, mid-month) interpolated to a date."""
    mid = dt.date(day.year, day.month, 15)
    step = 1 if day >= mid else -1
    other_month = (day.month - 1 + step) % 12
    other_year = day.year + ((day.month - 1 + step) // 12)
    other = dt.date(other_year, other_month + 1, 15)
    t = abs((day - mid).days) / abs((other - mid).days)
    return values[day.month - 1] * (1 - t) + values[other_month] * t


class DayNoise:
    """A tiny deterministic generator (splitmix64) seeded by a date: random.Random's seeding costs ~100 us,
    which made ten years of days take more than a second."""

    MASK = (1 << 64) - 1

    def __init__(self, text):
        import zlib
        self.state = zlib.crc32(text.encode()) * 0x9E3779B97F4A7C15 & self.MASK

    def random(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & self.MASK
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB & self.MASK
        return ((z ^ (z >> 31)) >> 11) / float(1 << 53)

    def gauss(self, mu, sigma):
        u = max(self.random(), 1e-12)
        return mu + sigma * math.sqrt(-2 * math.log(u)) * math.cos(2 * math.pi * self.random())

    def expovariate(self, rate):
        return -math.log(max(1e-12, 1 - self.random())) / rate


def archive_day(name, prof, day):
    """One day of deterministic ERA5-like history for a climate profile: (max, min, precip, snow, wind, gust) in F, mm, cm, mph."""
    rng = DayNoise(f"{name}:{day.isoformat()}")
    sd = prof["sd"]
    swing = rng.gauss(0, sd)
    high = normal(prof["high"], day) + swing + rng.gauss(0, sd / 3)
    low = normal(prof["low"], day) + swing * 0.8 + rng.gauss(0, sd / 3)
    low = min(low, high - 2)
    wet = rng.random() < normal(prof["wet"], day)
    precip = round(1.0 + rng.expovariate(1 / 5.0), 1) if wet else round(rng.random() * 0.6, 1)
    snow = round(precip * 0.7, 2) if wet and (high + low) / 2 <= 35 else 0.0
    wind = max(1.0, normal(prof["wind"], day) + rng.gauss(0, 3))
    gust = max(wind + 3, normal(prof["gust"], day) + rng.gauss(0, 6))
    return round(high, 1), round(low, 1), precip, snow, round(wind, 1), round(gust, 1)


def daylight_seconds(lat, day):
    """Seconds from sunrise to sunset (the sun's centre at -0.833 degrees), NOAA's declination series."""
    n = day.timetuple().tm_yday
    g = 2 * math.pi / 365 * (n - 0.5)
    decl = (0.006918 - 0.399912 * math.cos(g) + 0.070257 * math.sin(g) - 0.006758 * math.cos(2 * g)
            + 0.000907 * math.sin(2 * g) - 0.002697 * math.cos(3 * g) + 0.00148 * math.sin(3 * g))
    phi = math.radians(max(-89.9, min(89.9, lat)))
    c = (math.sin(math.radians(-0.833)) - math.sin(phi) * math.sin(decl)) / (math.cos(phi) * math.cos(decl))
    if c >= 1:
        return 0.0
    if c <= -1:
        return 86400.0
    return round(2 * math.degrees(math.acos(c)) / 15 * 3600, 2)


def sunshine_seconds(name, day, wet, daylight):
    """Sunshine on a day: a wet day 10-45 % of its daylight, a dry one 55-95 % (its own noise, so the
    other columns stay as they were)."""
    rng = DayNoise(f"{name}:{day.isoformat()}:sun")
    share = 0.1 + rng.random() * 0.35 if wet else 0.55 + rng.random() * 0.4
    return round(daylight * share, 2)


def open_meteo_archive(query, lm):
    """GET /v1/archive: the historical weather API's daily answer, compact, in the real shape."""
    began = time.perf_counter()
    q, wanted = {}, []
    for k, v in parse_qsl(query, keep_blank_values=True):
        if k == "daily":
            wanted += [s for s in v.split(",") if s]
        else:
            q[k] = v
    coords = []
    for name, limit in (("latitude", 90), ("longitude", 180)):
        if name not in q:
            return om_error(f"Parameter '{name}' is required")
        try:
            value = float(q[name])
        except ValueError:
            return om_error(f"Cannot initialize Float from invalid String value {q[name]} for key {name}")
        if not math.isfinite(value) or abs(value) > limit:
            return om_error(f"{name.capitalize()} must be in range of -{limit} to {limit}°. Given: {value}.")
        coords.append(value)
    lat, lon = coords
    if "start_date" not in q or "end_date" not in q:
        return om_error("Parameter 'start_date' and 'end_date' are required")
    try:
        start, end = dt.date.fromisoformat(q["start_date"]), dt.date.fromisoformat(q["end_date"])
    except ValueError:
        return om_error("Invalid date format. Make sure to use 'YYYY-MM-DD'")
    last = OPTS.anchor - dt.timedelta(days=ARCHIVE_LAG_DAYS)
    for name, value in (("start_date", start), ("end_date", end)):
        if not ARCHIVE_FIRST <= value <= last:
            return om_error(f"Parameter '{name}' is out of allowed range from {ARCHIVE_FIRST.isoformat()} "
                            f"to {last.isoformat()}")
    if end < start:
        return om_error("End-date must be larger or equals than start-date")
    t_unit, w_unit, p_unit = (q.get("temperature_unit", "celsius"), q.get("wind_speed_unit", "kmh"),
                              q.get("precipitation_unit", "mm"))
    if t_unit not in ("celsius", "fahrenheit") or w_unit not in ("kmh", "mph", "ms", "kn") \
            or p_unit not in ("mm", "inch"):
        return om_error("Invalid unit: temperature_unit, wind_speed_unit or precipitation_unit")
    for v in wanted:
        if v not in ARCHIVE_VARS:
            return om_error(f"Data corrupted at path ''. Cannot initialize DailyVariable from invalid String value {v}.")
    key, city = nearest(lat, lon, list(CLIMATE_CITIES.items()))
    prof, name = (city, key) if city else (CLIMATE_GENERIC, "generic")
    tz = q.get("timezone", "GMT")
    tz = prof["timezone"] if tz == "auto" else tz
    try:
        zone = ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError):
        return om_error(f"Invalid timezone {tz}")
    noon = dt.datetime.combine(end, dt.time(12), zone)
    abbr = noon.tzname()
    if abbr[0] in "+-":
        abbr = f"GMT{abbr[0]}{int(abbr[1:3])}" + (f":{abbr[3:]}" if len(abbr) > 3 else "")
    to_c = (lambda f: round((f - 32) * 5 / 9, 1)) if t_unit == "celsius" else (lambda f: f)
    wind_factor = {"kmh": 1.609344, "mph": 1.0, "ms": 0.44704, "kn": 0.868976}[w_unit]
    to_wind = lambda v: round(v * wind_factor, 1)
    to_mm = (lambda v: round(v / 25.4, 3)) if p_unit == "inch" else (lambda v: v)
    to_cm = (lambda v: round(v / 2.54, 3)) if p_unit == "inch" else (lambda v: v)
    unit_of = {"temperature_2m_max": "°C" if t_unit == "celsius" else "°F", "precipitation_sum": p_unit,
               "snowfall_sum": "cm" if p_unit == "mm" else "inch", "rain_sum": p_unit, "precipitation_hours": "h",
               "sunshine_duration": "s", "daylight_duration": "s",
               "wind_speed_10m_max": {"kmh": "km/h", "mph": "mp/h", "ms": "m/s", "kn": "kn"}[w_unit]}
    unit_of["temperature_2m_min"] = unit_of["temperature_2m_max"]
    unit_of["wind_gusts_10m_max"] = unit_of["wind_speed_10m_max"]
    cell = lambda x: round(math.floor(x / 0.25) * 0.25 + 0.125, 6)
    body = {"latitude": cell(lat), "longitude": cell(lon), "generationtime_ms": 0.0,
            "utc_offset_seconds": int(noon.utcoffset().total_seconds()), "timezone": tz,
            "timezone_abbreviation": abbr, "elevation": prof["elevation"]}
    if wanted:
        dates = [start + dt.timedelta(days=i) for i in range((end - start).days + 1)]
        rows = [archive_day(name, prof, d) for d in dates]
        columns = {"temperature_2m_max": [to_c(r[0]) for r in rows], "temperature_2m_min": [to_c(r[1]) for r in rows],
                   "precipitation_sum": [to_mm(r[2]) for r in rows], "snowfall_sum": [to_cm(r[3]) for r in rows],
                   "rain_sum": [to_mm(0.0 if r[3] else r[2]) for r in rows],
                   "precipitation_hours": [round(min(24.0, r[2] * 1.5), 1) for r in rows],
                   "wind_speed_10m_max": [to_wind(r[4]) for r in rows], "wind_gusts_10m_max": [to_wind(r[5]) for r in rows]}
        if "sunshine_duration" in wanted or "daylight_duration" in wanted:
            light = [daylight_seconds(lat, d) for d in dates]
            columns["daylight_duration"] = light
            columns["sunshine_duration"] = [sunshine_seconds(name, d, r[2] >= 1.0, s) for d, r, s in zip(dates, rows, light)]
        body["daily_units"] = {"time": "iso8601", **{v: unit_of[v] for v in wanted}}
        body["daily"] = {"time": [d.isoformat() for d in dates], **{v: columns[v] for v in wanted}}
    body["generationtime_ms"] = round((time.perf_counter() - began) * 1000, 4)
    return Resp(200, dumps(body, True), "application/json; charset=utf-8",
                cache_headers(86400, lm), lm=lm)


# ---------------------------------------------------------------- Open-Meteo marine

# Monthly sea surface normals (deg C, January..December) at a point offshore of each coastal city; every
# other point (the cities themselves, inland places, lakes) is land: null throughout, as the real grid answers.
MARINE_SEAS = {
    "lisbon": {"sea": (38.7223, -9.2893), "timezone": "Europe/Lisbon",
               "sst": [15.0, 14.6, 14.8, 15.4, 16.4, 17.6, 18.4, 18.9, 18.9, 18.2, 17.0, 15.8]},
    "cape town": {"sea": (-33.9249, 18.2741), "timezone": "Africa/Johannesburg",
                  "sst": [16.0, 16.2, 15.8, 15.2, 14.8, 14.4, 14.0, 13.8, 13.9, 14.3, 14.9, 15.6]},
    "cancun": {"sea": (21.1619, -86.7015), "timezone": "America/Cancun",
               "sst": [26.2, 26.0, 26.4, 27.0, 27.9, 28.8, 29.3, 29.8, 29.6, 28.8, 27.7, 26.7]},
    "sydney": {"sea": (-33.8688, 151.3593), "timezone": "Australia/Sydney",
               "sst": [23.4, 23.8, 23.2, 22.0, 20.6, 19.2, 18.4, 18.0, 18.4, 19.4, 20.8, 22.2]},
}
MARINE_FIRST = dt.date(2022, 10, 1)   # the marine API's past data starts about here


def marine_location(lat, lon, start, end, tz_param):
    """One location's hourly answer: the sea's temperature where a city's offshore point is within 0.06 deg, else nulls."""
    sea = None
    for city in MARINE_SEAS.values():
        if abs(city["sea"][0] - lat) < 0.06 and abs(city["sea"][1] - lon) < 0.06:
            sea = city
    tz = (sea["timezone"] if sea else "GMT") if tz_param == "auto" else tz_param
    days = [start + dt.timedelta(days=i) for i in range((end - start).days + 1)]
    times, values = [], []
    for day in days:
        base = normal(sea["sst"], day) if sea else None
        rng = DayNoise(f"sea:{lat}:{lon}:{day.isoformat()}")
        for hour in range(24):
            times.append(f"{day.isoformat()}T{hour:02d}:00")
            values.append(round(base + rng.gauss(0, 0.15), 1) if sea else None)
    return {"latitude": lat, "longitude": lon, "generationtime_ms": 0.1, "utc_offset_seconds": 0, "timezone": tz,
            "timezone_abbreviation": tz if tz == "GMT" else "LT",
            "hourly_units": {"time": "iso8601", "sea_surface_temperature": "°C"},
            "hourly": {"time": times, "sea_surface_temperature": values}}


def open_meteo_marine(query, lm):
    """GET /v1/marine: hourly sea_surface_temperature for one location (an object) or several (an array)."""
    q = dict(parse_qsl(query, keep_blank_values=True))
    try:
        lats = [float(v) for v in q.get("latitude", "").split(",")]
        lons = [float(v) for v in q.get("longitude", "").split(",")]
    except ValueError:
        return om_error("Cannot initialize Float from invalid String value")
    if len(lats) != len(lons) or any(abs(v) > 90 for v in lats) or any(abs(v) > 180 for v in lons):
        return om_error("Parameter 'latitude' and 'longitude' must have the same number of elements and be in range")
    for v in [s for s in q.get("hourly", "").split(",") if s]:
        if v not in ("sea_surface_temperature", "wave_height", "swell_wave_height"):
            return om_error(f"Data corrupted at path ''. Cannot initialize MarineHourlyVariable from invalid String value {v}.")
    try:
        start = dt.date.fromisoformat(q["start_date"]) if "start_date" in q else OPTS.anchor
        end = dt.date.fromisoformat(q["end_date"]) if "end_date" in q else OPTS.anchor + dt.timedelta(days=6)
    except ValueError:
        return om_error("Invalid date format. Make sure to use 'YYYY-MM-DD'")
    last = OPTS.anchor + dt.timedelta(days=15)
    for name, value in (("start_date", start), ("end_date", end)):
        if not MARINE_FIRST <= value <= last:
            return om_error(f"Parameter '{name}' is out of allowed range from {MARINE_FIRST.isoformat()} to {last.isoformat()}")
    if end < start or (end - start).days > 366:
        return om_error("End-date must be larger or equals than start-date")
    tz = q.get("timezone", "GMT")
    answers = [marine_location(lat, lon, start, end, tz) for lat, lon in zip(lats, lons)]
    body = answers[0] if len(answers) == 1 else answers
    return Resp(200, dumps(body, True), "application/json; charset=utf-8", cache_headers(OPTS.forecast_max_age, lm), lm=lm)


# ---------------------------------------------------------------- NWS alerts


def nws_alerts(query, base):
    """GET /alerts/active?point=lat,lon: a GeoJSON FeatureCollection of the alerts in force there."""
    params = parse_qsl(query, keep_blank_values=True)
    allowed = {"point", "status", "message_type", "event", "severity", "urgency", "certainty", "limit"}
    for name, _ in params:
        if name not in allowed:
            return invalid_parameter(f"Query parameter \"{name}\" is not recognized", f"query.{name}")
    raw = dict(params).get("point", "")
    parts = raw.split(",")
    if len(parts) != 2 or not all(NUMBER.fullmatch(p) for p in parts):
        return invalid_parameter(f"Parameter \"point\" is invalid: '{raw}' does not match "
                                 "/^(-?\\d+(?:\\.\\d+)?),(-?\\d+(?:\\.\\d+)?)$/", "query.point")
    lat, lon = float(parts[0]), float(parts[1])
    features = []
    key, city = nearest(lat, lon, list(ALERT_CITIES.items()))
    if city:
        zone = ZoneInfo(city["timezone"])
        sent = dt.datetime.combine(OPTS.anchor, dt.time(3, 12), zone)
        for i, a in enumerate(city["alerts"]):
            day = lambda n, h: dt.datetime.combine(OPTS.anchor + dt.timedelta(days=n), dt.time(h), zone)
            onset, ends = day(a["onsetDay"], a["onsetHour"]), day(a["endsDay"], a["endsHour"])
            words = lambda t: t.strftime("%-I %p %A").replace("AM", "AM").replace("PM", "PM") + " " + t.tzname()
            aid = f"urn:oid:2.49.0.1.840.0.{uuid.uuid5(uuid.NAMESPACE_URL, key + str(i) + str(OPTS.anchor)).hex[:40]}.001.1"
            description = a["description"].format(onset=words(onset), ends=words(ends))
            features.append({
                "id": f"{base}/alerts/{aid}", "type": "Feature", "geometry": None,
                "properties": {
                    "@id": f"{base}/alerts/{aid}", "@type": "wx:Alert", "id": aid, "areaDesc": city["areaDesc"],
                    "geocode": {"SAME": ["008031"], "UGC": ["COZ039"]},
                    "affectedZones": [f"{base}/zones/forecast/COZ039"], "references": [],
                    "sent": sent.isoformat(), "effective": sent.isoformat(), "onset": onset.isoformat(),
                    "expires": (ends - dt.timedelta(hours=6)).isoformat(), "ends": ends.isoformat(),
                    "status": "Actual", "messageType": "Alert", "category": "Met", "severity": a["severity"],
                    "certainty": a["certainty"], "urgency": a["urgency"], "event": a["event"],
                    "sender": "w-nws.webmaster@noaa.gov", "senderName": city["senderName"],
                    "headline": f"{a['event']} issued {sent.strftime('%B %-d at %-I:%M%p %Z')} until "
                                f"{ends.strftime('%B %-d at %-I:%M%p %Z')} by {city['senderName']}",
                    "description": description, "instruction": a["instruction"], "response": "Prepare",
                    "parameters": {"AWIPSidentifier": [f"WSW{city['office']}"], "NWSheadline": [a["event"].upper()],
                                   "BLOCKCHANNEL": ["EAS", "NWEM", "CMAS"]}}})
    return {"@context": ["https://geojson.org/geojson-ld/geojson-context.jsonld",
                         {"@version": "1.1", "wx": "https://api.weather.gov/ontology#", "@vocab": "https://api.weather.gov/ontology#"}],
            "type": "FeatureCollection", "features": features,
            "title": f"Current watches, warnings, and advisories for {fmt4(abs(lat))} {'N' if lat >= 0 else 'S'}, "
                     f"{fmt4(abs(lon))} {'W' if lon < 0 else 'E'}",
            "updated": isodate_utc(time.time())}


# ---------------------------------------------------------------- HTTP


# ---- geocoding stand-ins (Open-Meteo geocoding, Nominatim) --------------------------------------------

GEOCODING = None


def geocoding_data():
    global GEOCODING
    if GEOCODING is None:
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "geocoding.json"),
                  encoding="utf-8") as f:
            GEOCODING = json.load(f)
    return GEOCODING


def geocoding_key(text):
    return " ".join(re.sub(r"[,\s]+", " ", text).lower().split())


def open_meteo_geocoding(query):
    """GET /v1/search?name=..&count=..: results[] in the real shape; no `results` key when nothing matches."""
    params = dict(parse_qsl(query, keep_blank_values=True))
    name = params.get("name")
    if name is None:
        return om_error("Parameter 'name' is missing")
    try:
        count = int(params.get("count", "10"))
    except ValueError:
        return om_error("Parameter 'count' must be an integer")
    if not 1 <= count <= 100:
        return om_error("Parameter 'count' must be between 1 and 100")
    out = {}
    results = geocoding_data()["openMeteo"].get(geocoding_key(name), []) if len(name.strip()) >= 2 else []
    if results:
        out["results"] = results[:count]
    out["generationtime_ms"] = 0.4
    return Resp(200, dumps(out, compact=True), "application/json; charset=utf-8",
                {"Cache-Control": "public, max-age=3600"})


def nominatim_search(query):
    """GET /nominatim/search?q=..&format=jsonv2: a JSON array (empty when nothing matches)."""
    params = dict(parse_qsl(query, keep_blank_values=True))
    if params.get("format") != "jsonv2":
        return Resp(400, b"<html><body>format must be jsonv2 here</body></html>\n", "text/html")
    q = params.get("q")
    if q is None:
        return Resp(400, dumps({"error": {"code": 400, "message": "Nothing to search for."}}, compact=True),
                    "application/json; charset=utf-8")
    try:
        limit = int(params.get("limit", "10"))
    except ValueError:
        limit = 10
    results = geocoding_data()["nominatim"].get(geocoding_key(q), [])[: max(1, min(limit, 40))]
    if params.get("addressdetails") != "1":
        results = [{k: v for k, v in r.items() if k != "address"} for r in results]
    return Resp(200, dumps(results, compact=True), "application/json; charset=utf-8",
                {"Access-Control-Allow-Origin": "*"})


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "weather-standin/1.0"

    def do_GET(self):
        self.dispatch()

    def do_POST(self):
        self.dispatch()

    def log_message(self, fmt, *args):
        if OPTS.verbose:
            sys.stderr.write("%s - %s\n" % (self.address_string(), fmt % args))

    def dispatch(self):
        url = urlsplit(self.path)
        path, query = url.path, url.query
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if path.startswith("/_control/"):
            return self.send(self.control(path, body))
        h = self.headers
        entry = {"method": self.command, "path": path, "query": query, "status": None,
                 "userAgent": h.get("User-Agent"), "accept": h.get("Accept"),
                 "ifModifiedSince": h.get("If-Modified-Since"), "time": time.time()}
        STATE.record(entry)
        fault = STATE.take_fault(path)
        mode = fault and fault["mode"]
        if mode == "slow":
            time.sleep(fault["delay"] if fault["delay"] is not None else 5.0)
        elif mode == "hang":
            return self.hang(fault)
        elif mode == "reset":
            return self.reset_connection()
        elif mode and mode != "malformed":
            resp = self.fault_response(fault, path, query)
            entry["status"] = resp.status
            return self.send(resp)
        resp = self.route(path, query)
        if mode == "malformed":     # a complete HTTP 200 whose JSON stops half-way
            resp.status, resp.body = 200, resp.body[: max(1, len(resp.body) // 2)]
        elif resp.status == 200 and resp.lm is not None and self.not_modified(resp.lm):
            resp = Resp(304, headers={k: v for k, v in resp.headers.items() if k != "Content-Type"})
        entry["status"] = resp.status
        self.send(resp)

    def not_modified(self, lm):
        try:
            since = email.utils.parsedate_to_datetime(self.headers.get("If-Modified-Since", ""))
        except (TypeError, ValueError):
            return False
        if since is None:
            return False
        if since.tzinfo is None:
            since = since.replace(tzinfo=dt.timezone.utc)
        return since.timestamp() >= lm

    def send(self, resp):
        self.send_response(resp.status)
        for k, v in resp.headers.items():
            self.send_header(k, v)
        if resp.status != 304:
            self.send_header("Content-Length", str(len(resp.body)))
        self.end_headers()
        if resp.status != 304:
            self.wfile.write(resp.body)

    def route(self, path, query):
        prefix = "/redirected" if path.startswith("/redirected/") else ""
        path = path[len(prefix):]
        if self.command != "GET":
            return Resp(405, b"Method Not Allowed\n", "text/plain", {"Allow": "GET"})
        if path == "/v1/forecast":
            return open_meteo(query, STATE.last_modified(path))
        if path == "/v1/archive":
            return open_meteo_archive(query, STATE.last_modified(path))
        if path == "/v1/marine":
            return open_meteo_marine(query, STATE.last_modified(path))
        if path == "/v1/search":
            return open_meteo_geocoding(query)
        if path == "/nominatim/search":
            if not self.headers.get("User-Agent"):
                return Resp(403, b"<html><body><h1>Access blocked</h1></body></html>\n", "text/html")
            return nominatim_search(query)
        if path == "/alerts/active":
            if not self.headers.get("User-Agent"):
                return problem(403, "Forbidden", "Forbidden", "A User-Agent header is required.")
            base = f"http://{self.headers.get('Host') or '127.0.0.1:%d' % self.server.server_port}"
            out = nws_alerts(query, base)
            if isinstance(out, Resp):
                return out
            return Resp(200, dumps(out), "application/geo+json", cache_headers(OPTS.alerts_max_age))
        points, forecast = POINTS_PATH.fullmatch(path), FORECAST_PATH.fullmatch(path)
        if not (points or forecast):
            return problem(404, "Not Found", "NotFound", f"The requested resource '{path}' was not found.")
        if not self.headers.get("User-Agent"):
            return problem(403, "Forbidden", "Forbidden",
                           "A User-Agent header is required. Please identify your application "
                           "and include contact information, e.g. 'plan/0.1 (you@example.com)'.")
        params = parse_qsl(query, keep_blank_values=True)
        allowed = {"units"} if forecast else set()
        for name, value in params:
            if name not in allowed:
                return invalid_parameter(f"Query parameter \"{name}\" is not recognized", f"query.{name}")
            if value not in ("us", "si"):
                return invalid_parameter(f"Parameter \"units\" must be one of: us, si", "query.units")
        lm = STATE.last_modified(path)
        base = f"http://{self.headers.get('Host') or '127.0.0.1:%d' % self.server.server_port}"
        if points:
            out = nws_points(points.group(1), base, prefix)
            max_age = POINTS_MAX_AGE
        else:
            office, gx, gy = forecast.group(1), int(forecast.group(2)), int(forecast.group(3))
            out = nws_forecast(office, gx, gy, dict(params).get("units", "us"), lm)
            if out is None:
                return problem(404, "Not Found", "NotFound",
                               f"No forecast grid {office}/{gx},{gy} is served here.")
            max_age = OPTS.forecast_max_age
        if isinstance(out, Resp):
            return out
        return Resp(200, dumps(out), "application/geo+json", cache_headers(max_age, lm), lm=lm)

    def fault_response(self, fault, path, query):
        mode, om = fault["mode"], any(p in path for p in ("/v1/forecast", "/v1/search", "/v1/archive", "/v1/marine"))
        if mode == "301":
            location = "/redirected" + path + (f"?{query}" if query else "")
            return Resp(301, b"Moved Permanently\n", "text/plain", {"Location": location})
        if mode == "html":
            return Resp(503, AKAMAI_PAGE.encode(), "text/html")
        if mode == "ratelimit":
            status = fault.get("status") or 429
            return Resp(status, b"Too Many Requests. You have exceeded the request rate. "
                        b"Reference #18.7a3c1302.1700000000.2f1e9a0\n", "text/plain",
                        {"Retry-After": str(fault.get("retryAfter") if fault.get("retryAfter") is not None else 60)})
        status = int(mode)
        if "/nominatim/" in path:   # nginx's own error pages, not JSON
            titles = {500: "500 Internal Server Error", 503: "503 Service Temporarily Unavailable",
                      404: "404 Not Found", 400: "400 Bad Request"}
            page = f"<html><head><title>{titles[status]}</title></head><body><center><h1>{titles[status]}</h1>" \
                   f"</center><hr><center>nginx</center></body></html>\n"
            return Resp(status, page.encode(), "text/html")
        if om:
            reasons = {500: "Internal Server Error", 503: "Service Unavailable",
                       404: "Not Found", 400: "Invalid parameter"}
            resp = om_error(reasons[status], status)
        elif status == 500:
            resp = problem(500, "Unexpected Problem", "UnexpectedProblem", "An unexpected problem has occurred.")
        elif status == 503:
            resp = problem(503, "Forecast Grid Expired", "ForecastGridExpired",
                           "The requested forecast grid was issued more than 12 hours ago and has expired.")
        elif status == 404:
            m = re.search(r"/points/([^/]+)", path)
            resp = problem(404, "Data Unavailable For Requested Point", "InvalidPoint",
                           f"Unable to provide data for requested point {m.group(1) if m else path}")
        else:
            resp = invalid_parameter("Invalid Parameter", "path")
        if status == 500:   # like the real one once did: an error that asks to be cached for a day
            resp.headers.update(cache_headers(86400))
        return resp

    def hang(self, fault):
        """Say nothing until the client hangs up (or the cap passes), then close."""
        limit = min(fault["delay"] if fault["delay"] is not None else HANG_CAP, HANG_CAP)
        deadline = time.monotonic() + limit
        sock = self.connection
        while (left := deadline - time.monotonic()) > 0:
            readable, _, _ = select.select([sock], [], [], min(left, 1.0))
            if readable:
                try:
                    if not sock.recv(1, socket.MSG_PEEK):
                        break           # the client gave up
                except OSError:
                    break
                time.sleep(0.2)         # it sent more bytes; keep ignoring them
        self.close_connection = True

    def reset_connection(self):
        """Abort the TCP connection (RST) without any response."""
        self.close_connection = True
        try:
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
        except OSError:
            pass

    def control(self, path, raw):
        ok = lambda obj: Resp(200, dumps(obj), "application/json")
        bad = lambda msg: Resp(400, dumps({"error": msg}), "application/json")
        if self.command == "GET" and path == "/_control/requests":
            return Resp(200, STATE.snapshot(), "application/json")
        if self.command == "GET" and path == "/_control/faults":
            with STATE.lock:
                return ok({"faults": [dict(f) for f in STATE.faults]})
        if self.command != "POST":
            return Resp(404, dumps({"error": "unknown control route"}), "application/json")
        try:
            data = json.loads(raw or b"{}")
            assert isinstance(data, dict)
        except (ValueError, AssertionError):
            return bad("body must be a JSON object")
        if path == "/_control/reset":
            STATE.reset()
            return ok({"ok": True})
        match = data.get("match", "")
        if not isinstance(match, str):
            return bad("match must be a string")
        if path == "/_control/touch":
            age = data.get("age")
            if age is not None and (not isinstance(age, (int, float)) or isinstance(age, bool)):
                return bad("age must be a number of seconds")
            ts = STATE.touch(match, age)
            return ok({"ok": True, "match": match, "lastModified": httpdate(ts)})
        if path == "/_control/fault":
            mode, times, delay = str(data.get("mode")), data.get("times"), data.get("delay")
            if mode not in FAULT_MODES:
                return bad(f"mode must be one of {', '.join(FAULT_MODES)}")
            if times is not None and (not isinstance(times, int) or isinstance(times, bool) or times < 1):
                return bad("times must be a positive integer or null (forever)")
            if delay is not None and (not isinstance(delay, (int, float)) or isinstance(delay, bool) or delay < 0):
                return bad("delay must be a non-negative number of seconds")
            status = data.get("status")
            if mode == "ratelimit" and status not in (None, 429, 403):
                return bad("status for ratelimit must be 429 or 403")
            retry_after = data.get("retryAfter")
            if retry_after is not None and (not isinstance(retry_after, int) or isinstance(retry_after, bool)
                                            or retry_after < 0):
                return bad("retryAfter must be a whole number of seconds")
            fault = STATE.add_fault({"match": match, "mode": mode, "times": times,
                                     "delay": delay, "status": status, "retryAfter": retry_after})
            return ok({"ok": True, "fault": fault})
        return Resp(404, dumps({"error": "unknown control route"}), "application/json")


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64

    def handle_error(self, request, client_address):
        if OPTS.verbose:                # clients hanging up mid-answer are expected here
            super().handle_error(request, client_address)


def watch_parent(server):
    """Exit when the process that started us is gone, so a killed test run leaves no server behind."""
    parent = os.getppid()

    def watch():
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def main():
    global OPTS
    ap = argparse.ArgumentParser(description="Loopback stand-in for NWS and Open-Meteo.")
    ap.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0: any free port)")
    ap.add_argument("--anchor", type=dt.date.fromisoformat, default=dt.date.today(),
                    help="date of the forecasts' first day, YYYY-MM-DD (default: today)")
    ap.add_argument("--alerts-max-age", type=int, default=ALERTS_MAX_AGE,
                    help="Cache-Control max-age of /alerts/active answers (NWS: tens of seconds)")
    ap.add_argument("--forecast-max-age", type=int, default=300,
                    help="Cache-Control max-age of forecast answers (NWS and Open-Meteo)")
    ap.add_argument("--verbose", action="store_true", help="log requests to stderr")
    OPTS = ap.parse_args()
    server = Server(("127.0.0.1", OPTS.port), Handler)

    def stop(signum, frame):
        raise SystemExit(0)

    # A parent that spawned us from a thread with signals blocked passes that mask on: unblock them.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print(f"PORT {server.server_port}", flush=True)
    watch_parent(server)
    try:
        server.serve_forever(poll_interval=0.2)
    finally:
        server.server_close()


if __name__ == "__main__":
    main()

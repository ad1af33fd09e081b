#!/usr/bin/env python3
"""Equivalent history data for plan and for the `llm` CLI, written straight into their SQLite files.

  gen_history.py plan PLAN_DB N    N exchanges into plan's sessions + transcript_entries
                                   (the db must exist: `PLAN_DB=... plan list` creates it)
  gen_history.py llm LOGS_DB N     N exchanges into llm's responses (+ conversations); the db is
                                   created with llm's own migrations when missing

One exchange = a traveller's prompt and the model's answer (a 3-5 day forecast summary and a packing
list in prose, 500-1,000 characters). Exchange k has the same text in both tools (seeded by k).
plan keeps an exchange as one session with two transcript rows (kind 'prompt', kind 'response');
llm keeps it as one `responses` row (prompt, response) in its own conversation. The FTS5 indexes are
filled by each schema's own triggers.
"""
import datetime
import json
import os
import random
import sqlite3
import sys
import time

CITIES = [
    ("Denver, CO", "snow"), ("Seattle, WA", "rain"), ("Phoenix, AZ", "heat"), ("San Diego, CA", "mild"),
    ("Chicago, IL", "wind"), ("Tallahassee, FL", "storm"), ("Paris, France", "rain"), ("London, UK", "drizzle"),
    ("Tokyo, Japan", "mild"), ("Sydney, Australia", "heat"), ("Reykjavik, Iceland", "snow"),
    ("Sao Paulo, Brazil", "storm"), ("Boston, MA", "wind"), ("Austin, TX", "heat"), ("Portland, OR", "rain"),
    ("Portland, ME", "snow"), ("Miami, FL", "storm"), ("Salt Lake City, UT", "snow"), ("Honolulu, HI", "mild"),
    ("Anchorage, AK", "snow"), ("New Orleans, LA", "storm"), ("Santa Fe, NM", "mild"), ("Berlin, Germany", "drizzle"),
    ("Rome, Italy", "mild"), ("Madrid, Spain", "heat"), ("Oslo, Norway", "snow"), ("Lisbon, Portugal", "mild"),
    ("Vancouver, BC", "rain"), ("Montreal, QC", "snow"), ("Mexico City, Mexico", "mild"),
]
ACTIVITIES = ["hiking", "skiing", "museums", "beach", "business meetings", "a wedding", "camping", "running",
              "cycling", "concerts", "photography", "fishing"]
WEATHER = {
    "snow": (("Heavy Snow", "Snow Showers Likely", "Chance Snow Showers", "Partly Sunny"), (10, 40)),
    "rain": (("Rain", "Showers Likely", "Chance Rain", "Mostly Cloudy"), (40, 55)),
    "heat": (("Sunny", "Mostly Sunny", "Hot", "Clear"), (95, 112)),
    "mild": (("Partly Cloudy", "Mostly Sunny", "Patchy Fog", "Sunny"), (60, 75)),
    "wind": (("Breezy", "Windy", "Partly Sunny", "Chance Rain"), (35, 50)),
    "storm": (("Thunderstorms Likely", "Chance Showers And Thunderstorms", "Mostly Cloudy", "Hot And Humid"), (80, 93)),
    "drizzle": (("Drizzle", "Light Rain", "Overcast", "Patchy Drizzle"), (45, 58)),
}
EVERY_TRIP = ["toothbrush and toothpaste", "phone charger", "ID and wallet", "medications", "sleepwear",
              "underwear", "socks", "a reusable water bottle"]
BY_WEATHER = {
    "snow": ["insulated winter coat", "thermal base layers", "wool socks", "waterproof boots", "warm hat",
             "gloves", "a scarf", "hand warmers"],
    "rain": ["rain jacket", "umbrella", "waterproof shoes", "quick-dry trousers", "a packable poncho"],
    "heat": ["sunscreen", "sun hat", "sunglasses", "light breathable shirts", "electrolyte tablets", "sandals"],
    "mild": ["light sweater", "comfortable walking shoes", "a light jacket", "sunglasses"],
    "wind": ["windproof shell", "a warm layer", "lip balm", "a beanie"],
    "storm": ["umbrella", "rain jacket", "insect repellent", "quick-dry clothes", "sandals"],
    "drizzle": ["umbrella", "water-resistant jacket", "a warm layer", "waterproof shoes"],
}
BY_ACTIVITY = {
    "hiking": ["hiking boots", "daypack", "trail snacks", "blister plasters"],
    "skiing": ["ski goggles", "ski socks", "neck gaiter"],
    "museums": ["comfortable walking shoes", "a small crossbody bag"],
    "beach": ["swimsuit", "beach towel", "flip-flops"],
    "business meetings": ["suit or blazer", "dress shoes", "laptop and charger"],
    "a wedding": ["formal outfit", "dress shoes", "a gift"],
    "camping": ["headlamp", "sleeping bag liner", "camp towel"],
    "running": ["running shoes", "running tights", "a sports watch"],
    "cycling": ["padded shorts", "cycling gloves", "a bike lock"],
    "concerts": ["earplugs", "a portable battery"],
    "photography": ["camera and spare batteries", "memory cards", "lens cloth"],
    "fishing": ["fishing licence", "polarised sunglasses"],
}


def exchange(k):
    """(prompt, answer, when) for exchange k, deterministic."""
    rng = random.Random(k * 7919 + 17)
    city, climate = rng.choice(CITIES)
    start = datetime.date(2025, 1, 1) + datetime.timedelta(days=rng.randrange(0, 600))
    days = rng.randint(3, 5)
    end = start + datetime.timedelta(days=days - 1)
    activities = rng.sample(ACTIVITIES, rng.randint(0, 2))
    prompt = f"Packing list for {city}, {start} to {end} ({days - 1} nights)."
    if activities:
        prompt += " Activities: " + ", ".join(activities) + "."
    forecasts, (low, high) = WEATHER[climate]
    lines = []
    for d in range(days):
        day = start + datetime.timedelta(days=d)
        hi = rng.randint(low, high)
        lo = hi - rng.randint(8, 20)
        pop = rng.choice([0, 10, 20, 30, 40, 60, 70, 80, 90])
        wind = rng.choice([5, 10, 15, 20, 25, 30])
        lines.append(f"{day:%a %b} {day.day}: {hi}/{lo}°F, {rng.choice(forecasts)}; night {rng.choice(forecasts)}, "
                     f"{pop}% precip, wind {wind} mph")
    items = rng.sample(EVERY_TRIP, 5) + rng.sample(BY_WEATHER[climate], min(3, len(BY_WEATHER[climate])))
    for activity in activities:
        items += rng.sample(BY_ACTIVITY[activity], 2)
    reasons = []
    for item in items[5:]:
        reasons.append(f"{item} ({rng.choice(lines)[:10].rstrip(':')})")
    answer = (f"Forecast for {city}:\n" + "\n".join(lines) + "\n\nPack: " + ", ".join(items[:5]) + ". "
              + "For the weather and your plans: " + "; ".join(reasons) + ".")
    when = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(seconds=k * 311 + rng.randrange(300))
    return prompt, answer, when


CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid(when, k):
    """A ULID-shaped id: 48-bit ms timestamp, 80 bits from k (sortable by time, unique)."""
    value = (int(when.timestamp() * 1000) << 80) | (random.Random(k).getrandbits(64) << 16) | (k & 0xFFFF)
    return "".join(CROCKFORD[(value >> (5 * i)) & 31] for i in reversed(range(26)))


def fill_plan(path, n):
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("BEGIN")
    now = time.time()
    trip_ids = []
    for t in range(max(1, n // 20)):
        city, _ = CITIES[t % len(CITIES)]
        cursor = db.execute(
            "INSERT INTO trips (name, destination, place_id, start_date, end_date, activities, created_at) "
            "VALUES (?, ?, NULL, '2025-06-01', '2025-06-04', '[]', ?)", (city, city, now))
        trip_ids.append(cursor.lastrowid)
    for k in range(n):
        prompt, answer, when = exchange(k)
        started = when.timestamp()
        cursor = db.execute(
            "INSERT INTO sessions (trip_id, purpose, model, context_size, status, prompt_tokens, completion_tokens, "
            "started_at, ended_at) VALUES (?, 'pack', 'gpt-4o-mini', 8192, 'completed', ?, ?, ?, ?)",
            (trip_ids[k % len(trip_ids)], len(prompt) // 4 + 300, len(answer) // 4, started, started + 3.5))
        session = cursor.lastrowid
        db.executemany(
            "INSERT INTO transcript_entries (session_id, seq, kind, tool, text, payload, tokens, in_context, created_at) "
            "VALUES (?, ?, ?, NULL, ?, NULL, ?, 1, ?)",
            [(session, 0, "prompt", prompt, (len(prompt.encode()) + 3) // 4, started),
             (session, 1, "response", answer, (len(answer.encode()) + 3) // 4, started + 3.5)])
    db.execute("COMMIT")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


def fill_llm(path, n):
    import sqlite_utils
    from llm.migrations import migrate
    migrate(sqlite_utils.Database(path))  # llm's own schema, as `llm` creates it
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    for k in range(n):
        prompt, answer, when = exchange(k)
        rid = ulid(when, k)
        db.execute("INSERT INTO conversations (id, name, model) VALUES (?, ?, 'gpt-4o-mini')", (rid, prompt[:32]))
        db.execute(
            "INSERT INTO responses (id, model, prompt, system, prompt_json, options_json, response, response_json, "
            "conversation_id, duration_ms, datetime_utc, input_tokens, output_tokens, token_details, schema_id, "
            "resolved_model, reasoning) VALUES (?, 'gpt-4o-mini', ?, NULL, NULL, '{}', ?, NULL, ?, ?, ?, ?, ?, NULL, "
            "NULL, 'gpt-4o-mini-2024-07-18', NULL)",
            (rid, prompt, answer, rid, 3500, when.isoformat(), len(prompt) // 4 + 10, len(answer) // 4))
    db.execute("COMMIT")
    db.close()


def main(argv):
    if len(argv) != 4 or argv[1] not in ("plan", "llm"):
        sys.exit(__doc__)
    path, n = argv[2], int(argv[3])
    started = time.perf_counter()
    (fill_plan if argv[1] == "plan" else fill_llm)(path, n)
    print(f"{argv[1]}: {n} exchanges in {time.perf_counter() - started:.1f} s, "
          f"{os.path.getsize(path) / 1e6:.1f} MB", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv)

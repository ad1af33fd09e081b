#!/usr/bin/env python3
"""Drives `plan mcp` with the official MCP Python SDK (PyPI `mcp`, installed by scripts/install-mcp.sh), as an
assistant host would: it starts the server over stdio and calls what a host calls.

Usage: client.py first|second|house|failing|hostile|changes <plan binary> <first day YYYY-MM-DD> <stand-in base URL>
  The era is MCP_ERA: auto (the default: the SDK probes server/discover and must get 2026-07-28) or legacy
  (the initialize handshake, 2025-11-25).
  first   initialize; list and call every tool; read both resources; the errors; a cancelled call; 50 calls
  second  a new session: list_trips, show_trip and forecast of the first session's trip (from the cache)
  house   the answers `plan` gives (issue 42): each stop's weather, a place's ambiguity, errors without flags,
          the server's open files over 50 calls
  failing a server whose model cannot be reached: a failed packing_list says which trip it kept
  hostile the stand-in says escape sequences and forged lines: none reaches the assistant
  changes progress while a trip packs; a missing resource; a trip added and an item ticked by the command line
          (another process on the same database) reach the client: a listen stream (2026-07-28) or the
          handshake era's notifications
  cancelpack (PLAN_TEST_MODEL_URL: the scripted model stand-in) a pack cancelled while the model holds is kept
          as an interrupted session, and the next packing_list of the trip resumes it
Prints one JSON object (what it saw) on stdout; any failed expectation exits 1 with the reason on stderr.
The server gets this process's environment (the test sets PLAN_DB and the stand-in's URLs).
"""
import datetime
import json
import os
import sys
import urllib.request

import sqlite3
import subprocess
import time

import anyio
from mcp import Client, MCPError, StdioServerParameters
from mcp.client.subscriptions import ResourcesListChanged, ResourceUpdated

TOOLS = {"geocode", "forecast", "packing_list", "list_trips", "show_trip", "check_items", "add_item"}


def expect(condition, what):
    if not condition:
        print(f"client.py: expected {what}", file=sys.stderr)
        sys.exit(1)


def text(result):
    return result.content[0].text if result.content else ""


def control(base, path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=5) as response:
        response.read()


async def call(client, name, arguments, error=False):
    result = await client.call_tool(name, arguments)
    expect(bool(result.is_error) == error, f"{name} {arguments}: isError {error}, got {result.is_error}: {text(result)}")
    if not error:
        expect(result.structured_content is not None, f"{name}: structuredContent")
        expect(text(result).strip() != "", f"{name}: a text rendering")
    return result


async def first(client, days, base, seen):
    tools = (await client.list_tools()).tools
    seen["tools"] = sorted(tool.name for tool in tools)
    expect(set(seen["tools"]) == TOOLS, f"the seven tools, got {seen['tools']}")
    expect(all(tool.input_schema.get("type") == "object" for tool in tools), "an object inputSchema for every tool")

    place = (await call(client, "geocode", {"query": "Denver, CO"})).structured_content
    expect(place["name"] == "Denver" and abs(place["latitude"] - 39.74) < 0.1, f"Denver, got {place}")
    forecast = (await call(client, "forecast", {"place": "Denver, CO", "from": days[1], "to": days[3]})).structured_content
    expect(len(forecast["days"]) == 3 and all(day["source"] for day in forecast["days"]), f"3 days with sources: {forecast}")
    seen["forecastSources"] = sorted({day["source"] for day in forecast["days"]})

    packed = await call(client, "packing_list", {"destination": "Denver, CO", "from": days[1], "to": days[3],
                                                 "activities": ["hiking"]})
    listing = packed.structured_content
    trip = listing["trip"]["id"]
    seen["trip"], seen["items"] = trip, listing["total"]
    expect(listing["total"] > 5 and listing["model"] == "builtin", f"a built-in list, got {listing['total']} items")

    trips = (await call(client, "list_trips", {})).structured_content["trips"]
    expect([t["id"] for t in trips] == [trip], f"one trip {trip}, got {trips}")
    shown = (await call(client, "show_trip", {"trip": trip})).structured_content
    expect(shown["packingList"]["total"] == listing["total"] and shown["forecast"] is not None, "show_trip's list and forecast")

    second_item = listing["items"][1]["name"]
    ticked = (await call(client, "check_items", {"trip": trip, "items": [1, second_item]})).structured_content
    expect(len(ticked["changed"]) == 2 and ticked["packed"] == 2, f"two ticked, got {ticked}")
    added = (await call(client, "add_item", {"trip": trip, "name": "Camera"})).structured_content
    expect(added["name"] == "Camera" and not added["wasOnList"], f"Camera added, got {added}")

    resources = (await client.list_resources()).resources
    uris = {str(resource.uri) for resource in resources}
    expect(f"plan://trips/{trip}" in uris and f"plan://trips/{trip}.json" in uris, f"the trip's resources, got {uris}")
    markdown = (await client.read_resource(f"plan://trips/{trip}")).contents[0].text
    expect(markdown.count("- [x]") == 2 and "Camera" in markdown, f"a checklist with 2 ticks and Camera:\n{markdown}")
    document = json.loads((await client.read_resource(f"plan://trips/{trip}.json")).contents[0].text)
    expect(document["packingList"]["packed"] == 2, "the JSON resource's ticks")

    # The same pack as `plan pack` (issue 42): surfing in Cape Town's 15 °C sea gets the wetsuit the sea calls for
    # ("Full wetsuit, 3/2 mm": "Sea about 60°F"), which needs the marine service the MCP copy never asked.
    surf = (await call(client, "packing_list", {"destination": "Cape Town", "from": days[1], "to": days[3],
                                                "activities": ["surfing"]})).structured_content
    sea_items = [f'{item["name"]}: {item["reason"]}' for item in surf["items"] if item["reason"].startswith("Sea about")]
    expect(any("wetsuit" in line.lower() for line in sea_items),
           f"a wetsuit for the sea's temperature, got {[item['name'] + ': ' + item['reason'] for item in surf['items']]}")
    seen["surfWetsuit"] = True

    seen["errors"] = [
        text(await call(client, "show_trip", {"trip": 999}, error=True)),
        text(await call(client, "packing_list", {"destination": "Denver, CO", "from": days[3], "to": days[1]}, error=True)),
        text(await call(client, "geocode", {"query": "Qqxvzzyt Nowhereville"}, error=True)),
        text(await call(client, "check_items", {"trip": "x", "items": ["socks"]}, error=True)),
    ]
    expect(all(len(message.splitlines()) == 1 for message in seen["errors"]), f"one-line errors: {seen['errors']}")
    try:
        await client.call_tool("no_such_tool", {})
        expect(False, "an error for an unknown tool")
    except MCPError as error:
        seen["unknownTool"] = error.error.code

    # A call the host gives up on: the stand-in holds the forecast, the host cancels, the session goes on.
    control(base, "/_control/fault", {"match": "forecast", "mode": "slow", "delay": 4, "times": 1})
    with anyio.move_on_after(1.0) as scope:
        await client.call_tool("forecast", {"place": "Boston, MA", "from": days[1], "to": days[2]})
    seen["cancelled"] = scope.cancelled_caught
    expect(scope.cancelled_caught, "the slow call to be cancelled")
    # The server goes on (2026-07-28 has no ping: a call shows it).
    if client.protocol_version == "2026-07-28":
        await call(client, "list_trips", {})
    else:
        await client.send_ping()

    for index in range(50):
        if index % 2:
            await call(client, "list_trips", {})
        else:
            await call(client, "show_trip", {"trip": trip})
    seen["calls"] = 50


async def second(client, days, seen):
    trips = (await call(client, "list_trips", {})).structured_content["trips"]
    denver = [t for t in trips if t.get("destination") == "Denver, CO"]
    expect(len(trips) == 2 and len(denver) == 1, f"the first session's two trips, Denver's once, got {trips}")
    trip = denver[0]["id"]
    shown = (await call(client, "show_trip", {"trip": trip})).structured_content
    expect(shown["packingList"]["packed"] == 2 and shown["forecast"] is not None, "ticks and forecast kept")
    forecast = (await call(client, "forecast", {"place": "Denver, CO", "from": days[1], "to": days[3]})).structured_content
    expect(len(forecast["days"]) == 3, "the forecast again")
    seen["trip"] = trip


def server_open_files():
    """The open files of the plan server this client started (its child process running `plan mcp`)."""
    me = str(os.getpid())
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as stat:
                parent = stat.read().rsplit(")", 1)[1].split()[1]
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                words = cmdline.read().split(b"\0")
        except OSError:
            continue
        if parent == me and b"mcp" in words:
            return len(os.listdir(f"/proc/{pid}/fd"))
    expect(False, "to find the plan mcp process")


async def house(client, days, seen):
    # A trip of two stops: show_trip charts each stop's own weather (Denver's snow, then Phoenix's heat), as
    # `plan show` does, not the first stop's forecast over every day.
    packed = (await call(client, "packing_list", {"destination": "Denver, CO", "from": days[1], "to": days[2],
                                                  "stops": [{"destination": "Phoenix, AZ", "to": days[4]}]})).structured_content
    trip = packed["trip"]["id"]
    shown = await call(client, "show_trip", {"trip": trip})
    legs = shown.structured_content.get("legs") or []
    expect(len(legs) == 2 and all(leg["forecast"] for leg in legs), f"two stops with a forecast each, got {legs}")
    phoenix = legs[1]["forecast"]["days"]
    expect([day["date"] for day in phoenix] == days[2:5], f"Phoenix's own days {days[2:5]}, got {phoenix}")
    expect(all(day["high"] > 90 for day in phoenix), f"Phoenix's heat, not Denver's snow: {phoenix}")
    expect("Stop 2: Phoenix" in text(shown), f"a heading per stop in the text:\n{text(shown)}")
    seen["stops"] = [len(leg["forecast"]["days"]) for leg in legs]

    # An ambiguous destination: the assistant is told which Portland, and how to pick another.
    portland = await call(client, "packing_list", {"destination": "Portland", "from": days[1], "to": days[2]})
    notes = portland.structured_content.get("notes") or []
    expect(any("Portland, OR" in note and "could also be" in note for note in notes), f"the ambiguity, got {notes}")
    expect("Note: using Portland, OR" in text(portland), f"the note in the text:\n{text(portland)[:400]}")
    seen["ambiguity"] = notes[0]

    # Errors in the trip's words: the assistant never typed a flag.
    errors = [
        text(await call(client, "packing_list", {"destination": "Denver, CO", "from": days[3], "to": days[1]}, error=True)),
        text(await call(client, "packing_list", {"destination": "Denver, CO", "from": days[1], "to": days[3],
                                                 "stops": [{"destination": "Moab, UT", "to": days[2]}]}, error=True)),
        text(await call(client, "packing_list", {"destination": "Denver, CO", "from": days[1], "to": days[3],
                                                 "activities": ["sk!ing"]}, error=True)),
    ]
    expect(all("--" not in error for error in errors), f"no flag in {errors}")
    expect("ends on" in errors[0] and "before it starts" in errors[0], f"the dates in words: {errors[0]}")
    seen["errors"] = errors

    # The same database connection for every call: the open files do not grow with calls that add trips.
    counts = []
    for index in range(50):
        if index % 5 == 0:
            await call(client, "packing_list", {"destination": "Seattle, WA", "from": days[1], "to": days[2]})
        else:
            await call(client, "show_trip", {"trip": trip})
        if index in (4, 49):
            counts.append(server_open_files())
    expect(counts[0] == counts[1], f"a constant number of open files over 50 calls, got {counts}")
    seen["openFiles"] = counts


async def failing(client, days, seen):
    # The model cannot be reached: the trip packing_list added is kept and the assistant is told which, so
    # a retry packs it instead of adding it again.
    failed = text(await call(client, "packing_list", {"destination": "Denver, CO", "from": days[1], "to": days[2]}, error=True))
    trips = (await call(client, "list_trips", {})).structured_content["trips"]
    expect(len(trips) == 1, f"one trip kept, got {trips}")
    trip = trips[0]["id"]
    expect(f"added trip {trip}" in failed and f"packing_list with trip {trip}" in failed, f"which trip to retry: {failed}")
    again = text(await call(client, "packing_list", {"trip": trip}, error=True))
    expect("added" not in again, f"a retry of the trip adds nothing: {again}")
    expect(len((await call(client, "list_trips", {})).structured_content["trips"]) == 1, "still one trip")
    seen["failed"], seen["retried"] = failed, again


async def hostile(client, days, seen):
    # A geocoder's name with a line break and a tab, and a forecast whose summary carries escape sequences,
    # a bell, a bidirectional override and a C1 control: the assistant reads inert text, one line per line.
    bad = {0x1B, 0x07, 0x00, 0x9B, 0x202E, 0x0D}
    place = await call(client, "geocode", {"query": "Zzyzx Springs"})
    lines = text(place).splitlines()
    expect(not any(line.startswith("plan: forged") for line in lines), f"no forged line: {lines}")
    expect("\n" not in place.structured_content["name"], f"one-line name: {place.structured_content}")
    forecast = await call(client, "forecast", {"place": "Denver, CO", "from": days[0], "to": days[2]})
    everything = text(forecast) + json.dumps(forecast.structured_content, ensure_ascii=False)
    expect("Snow" in everything, f"the summary itself is kept: {everything[:300]}")
    expect(not any(ord(c) in bad for c in everything), f"no control in {everything[:600]!r}")
    seen["forecast"] = text(forecast).splitlines()[:3]


def plan_command(plan, *arguments):
    """Runs the command line against the same database, as a traveller in another terminal would."""
    done = subprocess.run([plan, *arguments], env=dict(os.environ), capture_output=True, text=True, timeout=60)
    expect(done.returncode == 0, f"plan {' '.join(arguments)} to succeed: {done.stderr}")
    return done.stdout


async def changes(client, plan, days, seen, heard):
    # Progress while a trip of two stops packs: what the work is doing, before the answer.
    lines = []

    async def progress(value, total, message):
        lines.append(message)
    packed = await client.call_tool("packing_list", {
        "destination": "Denver, CO", "from": days[0], "to": days[2],
        "stops": [{"destination": "Phoenix, AZ", "to": days[4]}]}, progress_callback=progress)
    expect(not packed.is_error, f"packing_list: {text(packed)}")
    trip = packed.structured_content["trip"]["id"]
    seen["progress"] = lines
    expect(len(lines) >= 2 and any("forecast" in line.lower() for line in lines), f"progress lines, got {lines}")

    try:
        await client.read_resource("plan://trips/999")
        expect(False, "an error for a missing resource")
    except MCPError as error:
        seen["missingResource"] = error.error.code

    uri = f"plan://trips/{trip}"
    if client.protocol_version == "2026-07-28":
        async with client.listen(resources_list_changed=True, resource_subscriptions=[uri]) as subscription:
            seen["honored"] = bool(subscription.honored.resources_list_changed)
            events = []
            started = time.monotonic()
            plan_command(plan, "add", "Boston, MA", "--from", days[1], "--to", days[2])
            with anyio.fail_after(10):
                async for event in subscription:
                    events.append(event)
                    if isinstance(event, ResourcesListChanged):
                        break
            seen["addHeardAfter"] = round(time.monotonic() - started, 2)
            plan_command(plan, "check", str(trip), "1")
            with anyio.fail_after(10):
                async for event in subscription:
                    events.append(event)
                    if isinstance(event, ResourceUpdated) and event.uri == uri:
                        break
            seen["events"] = [type(event).__name__ for event in events]
    else:
        await client.subscribe_resource(uri)
        started = time.monotonic()
        plan_command(plan, "add", "Boston, MA", "--from", days[1], "--to", days[2])
        with anyio.fail_after(10):
            while "notifications/resources/list_changed" not in heard:
                await anyio.sleep(0.05)
        seen["addHeardAfter"] = round(time.monotonic() - started, 2)
        plan_command(plan, "check", str(trip), "1")
        with anyio.fail_after(10):
            while f"notifications/resources/updated {uri}" not in heard:
                await anyio.sleep(0.05)
        seen["events"] = sorted(set(heard))
    trips = (await call(client, "list_trips", {})).structured_content["trips"]
    expect(any(t.get("destination") == "Boston, MA" for t in trips), "the command line's trip in list_trips")
    shown = (await call(client, "show_trip", {"trip": trip})).structured_content
    expect(shown["packingList"]["packed"] == 1, "the command line's tick in show_trip")


async def cancelpack(client, plan, days, seen):
    # A pack with a model that holds its second round: the host gives up after the forecast was asked; the
    # session is kept as interrupted, and the next packing_list of the trip resumes it (issue 45).
    model = os.environ["PLAN_TEST_MODEL_URL"]
    plan_command(plan, "add", "Denver, CO", "--from", days[1], "--to", days[3])
    with anyio.move_on_after(4.0) as scope:
        await client.call_tool("packing_list", {"trip": 1})
    expect(scope.cancelled_caught, "the held pack to be cancelled")
    database = sqlite3.connect(os.environ["PLAN_DB"])
    status = None
    for _ in range(100):
        row = database.execute("SELECT status FROM sessions WHERE purpose = 'pack' ORDER BY id LIMIT 1").fetchone()
        status = row[0] if row else None
        if status == "interrupted":
            break
        await anyio.sleep(0.1)
    seen["cancelledStatus"] = status
    answer = {"response": {"items": [
        {"category": "Clothing", "name": "Warm jacket", "quantity": 1, "reason": "Cold days", "weather": False},
        {"category": "Footwear", "name": "Boots", "quantity": 1, "reason": "Walking", "weather": False}],
        "notices": []}}
    control(model, "/_control/script", {"steps": [answer]})
    packed = await call(client, "packing_list", {"trip": 1})
    seen["packedItems"] = packed.structured_content["total"]
    rows = database.execute("SELECT id, status, relation, parent_id FROM sessions WHERE purpose = 'pack' ORDER BY id").fetchall()
    seen["sessions"] = [list(row) for row in rows]


async def main():
    mode, plan, start, base = sys.argv[1:5]
    era = os.environ.get("MCP_ERA", "auto")
    day0 = datetime.date.fromisoformat(start)
    days = [(day0 + datetime.timedelta(days=offset)).isoformat() for offset in range(5)]
    # `failing`: a model server nothing answers on (port 9, discard: refused at once).
    args = ["mcp", "--model", "http://127.0.0.1:9"] if mode == "failing" else ["mcp"]
    if mode == "cancelpack":
        args = ["mcp", "--model", os.environ["PLAN_TEST_MODEL_URL"]]
    server = StdioServerParameters(command=plan, args=args, env=dict(os.environ))
    seen = {}
    heard = []

    async def handler(message):
        # The handshake era's notifications (a 2026 client hears changes through its listen stream instead).
        root = getattr(message, "root", message)
        method = getattr(root, "method", None)
        if method:
            uri = getattr(getattr(root, "params", None), "uri", None)
            heard.append(f"{method} {uri}" if uri else method)
    async with Client(server, read_timeout_seconds=60, mode=era, message_handler=handler) as client:
        seen["protocolVersion"] = client.session.protocol_version
        seen["server"] = client.session.server_info.name if client.session.server_info else None
        modes = {"first": lambda: first(client, days, base, seen), "second": lambda: second(client, days, seen),
                 "house": lambda: house(client, days, seen), "failing": lambda: failing(client, days, seen),
                 "hostile": lambda: hostile(client, days, seen),
                 "changes": lambda: changes(client, plan, days, seen, heard),
                 "cancelpack": lambda: cancelpack(client, plan, days, seen)}
        await modes[mode]()
    print(json.dumps(seen))


if __name__ == "__main__":
    anyio.run(main)

#!/usr/bin/env python3
"""Drives `plan mcp` with the official MCP Python SDK (PyPI `mcp`, installed by scripts/install-mcp.sh), as an
assistant host would: it starts the server over stdio and calls what a host calls.

Usage: client.py first|second <plan binary> <first day YYYY-MM-DD> <stand-in base URL>
  first   initialize; list and call every tool; read both resources; the errors; a cancelled call; 50 calls
  second  a new session: list_trips, show_trip and forecast of the first session's trip (from the cache)
Prints one JSON object (what it saw) on stdout; any failed expectation exits 1 with the reason on stderr.
The server gets this process's environment (the test sets PLAN_DB and the stand-in's URLs).
"""
import datetime
import json
import os
import sys
import urllib.request

import anyio
from mcp import Client, MCPError, StdioServerParameters

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


async def main():
    mode, plan, start, base = sys.argv[1:5]
    day0 = datetime.date.fromisoformat(start)
    days = [(day0 + datetime.timedelta(days=offset)).isoformat() for offset in range(5)]
    server = StdioServerParameters(command=plan, args=["mcp"], env=dict(os.environ))
    seen = {}
    async with Client(server, read_timeout_seconds=60) as client:
        seen["protocolVersion"] = client.session.protocol_version
        seen["server"] = client.session.server_info.name if client.session.server_info else None
        if mode == "first":
            await first(client, days, base, seen)
        else:
            await second(client, days, seen)
    print(json.dumps(seen))


if __name__ == "__main__":
    anyio.run(main)

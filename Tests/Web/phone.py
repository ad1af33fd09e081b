#!/usr/bin/env python3
"""The phone page of `plan serve`, driven in headless Chromium through Selenium, and its server's limits over raw
sockets. Run by Tests/EndToEndTests/PhonePageTests.swift; prints one JSON object of what it saw on stdout.

    phone.py browser <url> <plan binary> <trip> <database> <screenshot.png>
    phone.py protocol <url>
    phone.py fetch <url>

The environment is the test's sandbox (PLAN_DB, PLAN_OFFLINE=1): `plan check` and `plan show` run against the
database the server serves.
"""
import html as html_module
import json
import re
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.parse

PHONE = {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2},
         "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36"}


def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run",
                     "--disable-extensions", "--disable-background-networking"]:
        options.add_argument(argument)
    options.add_experimental_option("mobileEmulation", PHONE)
    return webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)


def wait(condition, seconds, step=0.05):
    """The time (s) until condition() is true, or None after `seconds`."""
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        if condition():
            return time.monotonic() - started
        time.sleep(step)
    return None


def checked(driver, key):
    return driver.execute_script(
        "var lis = document.querySelectorAll('li.item');"
        "for (var i = 0; i < lis.length; i++) { if (lis[i].getAttribute('data-key') === arguments[0]) return lis[i].querySelector('input').checked; }"
        "return null;", key)


def rows(driver):
    return driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('li.item'), function (li) {"
        " return {key: li.getAttribute('data-key'), name: li.getAttribute('data-name'), q: li.getAttribute('data-q'),"
        " checkbox: li.querySelectorAll('label input[type=checkbox]').length, height: li.getBoundingClientRect().height}; });")


def ticks(database, trip):
    """Items ticked in the database (the last check or uncheck of each name), read directly: what plan show reads."""
    with sqlite3.connect("file:" + database + "?mode=ro", uri=True) as connection:
        found = {}
        for action, key in connection.execute(
                "SELECT action, item_key FROM list_changes WHERE trip_id = ? AND action IN ('check', 'uncheck') ORDER BY id", (trip,)):
            found[key] = action == "check"
        return {key for key, packed in found.items() if packed}


def run_browser(url, plan, trip, database, screenshot):
    out = {}
    first = browser()
    second = None
    try:
        first.get(url)
        items = rows(first)
        show = json.loads(subprocess.run([plan, "show", trip, "--json"], capture_output=True, text=True, check=True).stdout)
        listed = [item["name"] for item in show["packingList"]["items"]]
        out["pageItems"] = len(items)
        out["listItems"] = len(listed)
        page_names = {item["name"] for item in items}
        out["missing"] = [name for name in listed if name not in page_names]
        out["everyItemHasOneCheckbox"] = all(item["checkbox"] == 1 for item in items)
        out["smallestTarget"] = min(item["height"] for item in items)
        out["title"] = first.title
        out["progress"] = first.find_element("id", "progress").text
        out["weatherLines"] = len(first.find_elements("css selector", ".weather li"))
        out["scrollWidth"] = first.execute_script("return document.documentElement.scrollWidth")
        out["innerWidth"] = first.execute_script("return window.innerWidth")
        out["consoleErrors"] = [entry["message"] for entry in first.get_log("browser") if entry.get("level") == "SEVERE"]

        # A tick on the phone reaches the database.
        one = items[0]
        first.execute_script("arguments[0].click()", first.find_elements("css selector", "li.item label")[0])
        started = time.monotonic()
        reached = wait(lambda: one["key"] in ticks(database, trip), 30, 0.01)
        out["tickToDatabase"] = reached
        shown = json.loads(subprocess.run([plan, "show", trip, "--json"], capture_output=True, text=True, check=True).stdout)
        out["showSeesTick"] = any(item["name"] == one["name"] and item["packed"] for item in shown["packingList"]["items"])
        out["tickThenShow"] = time.monotonic() - started

        # A second phone sees the first's tick.
        second = browser()
        second.get(url)
        out["secondSeesFirst"] = wait(lambda: checked(second, one["key"]) is True, 30)

        # A tick from the command line appears on both pages without a reload.
        two = items[1]
        subprocess.run([plan, "check", trip, "--name", two["name"]], capture_output=True, text=True, check=True)
        out["checkOnFirst"] = wait(lambda: checked(first, two["key"]) is True, 30)
        out["checkOnSecond"] = wait(lambda: checked(second, two["key"]) is True, 30)

        # The second phone's tick appears on the first.
        three = items[2]
        second.execute_script("arguments[0].click()", second.find_elements("css selector", "li.item label")[2])
        out["secondTickOnFirst"] = wait(lambda: checked(first, three["key"]) is True, 30)
        out["progressAfter"] = first.find_element("id", "progress").text

        # Offline: the tick stays on the phone and is sent when the server answers again.
        four = items[3]
        first.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
        first.execute_script("arguments[0].click()", first.find_elements("css selector", "li.item label")[3])
        time.sleep(1.5)
        out["queuedOffline"] = len(json.loads(first.execute_script(
            "return localStorage.getItem('plan-pending:' + document.getElementById('page').getAttribute('data-base')) || '[]'")))
        out["offlineNotInDatabase"] = four["key"] not in ticks(database, trip)
        first.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
        out["sentOnReconnect"] = wait(lambda: four["key"] in ticks(database, trip), 30)

        # A queued tick of an item that changed meanwhile (its quantity is not what the page showed) is not made.
        # (Once the page has emptied its queue of the reconnected tick.)
        wait(lambda: first.execute_script(
            "return localStorage.getItem('plan-pending:' + document.getElementById('page').getAttribute('data-base'))") in (None, "[]"), 30)
        five = items[4]
        first.execute_script(
            "localStorage.setItem('plan-pending:' + document.getElementById('page').getAttribute('data-base'),"
            " JSON.stringify([{key: arguments[0], name: arguments[1], q: '999', packed: true}]));", five["key"], five["name"])
        out["changedSaid"] = wait(lambda: "changed" in first.find_element("id", "notice").text, 30)
        out["changedNotTicked"] = five["key"] not in ticks(database, trip)

        # The paper view.
        first.get(url + "?print")
        out["printItems"] = len(rows(first))
        out["printHasScript"] = len(first.find_elements("css selector", "script")) > 0

        # A wrong or missing secret: nothing about any trip.
        parts = urllib.parse.urlsplit(url)
        secret = parts.path.split("/")[2]
        wrong = secret[:-1] + ("A" if secret[-1] != "A" else "B")
        leaks = []
        for path in ["/t/" + wrong + "/", "/", "/t/", "/t/" + wrong + "/state", "/trips"]:
            first.get(parts.scheme + "://" + parts.netloc + path)
            text = first.find_element("tag name", "body").text
            if show["name"] in text or one["name"] in text or "packed" in text:
                leaks.append(path)
        out["wrongLinkLeaks"] = leaks
        out["wrongLinkText"] = text

        # The screenshot at a phone's size, ticks and all.
        first.get(url)
        wait(lambda: checked(first, one["key"]) is True, 30)
        first.save_screenshot(screenshot)
    finally:
        first.quit()
        if second is not None:
            second.quit()
    return out


# MARK: - The server's limits over raw sockets

def request(host, port, raw, timeout=5.0):
    """Sends raw bytes, returns the status line's code (or None when the server closed without one)."""
    with socket.create_connection((host, port), timeout=timeout) as connection:
        connection.sendall(raw)
        data = b""
        try:
            while b"\r\n" not in data:
                chunk = connection.recv(4096)
                if not chunk:
                    break
                data += chunk
        except (ConnectionResetError, BrokenPipeError):
            pass
        if not data.startswith(b"HTTP/1."):
            return None
        return int(data.split(b" ")[1])


def get(host, port, path, extra=b""):
    return request(host, port, b"GET " + path.encode() + b" HTTP/1.1\r\nHost: " + f"{host}:{port}".encode() +
                   b"\r\nConnection: close\r\n" + extra + b"\r\n")


def fetch(host, port, path):
    """The body of a GET."""
    with socket.create_connection((host, port), timeout=10) as connection:
        connection.sendall(b"GET " + path.encode() + b" HTTP/1.1\r\nHost: " + f"{host}:{port}".encode() + b"\r\nConnection: close\r\n\r\n")
        data = b""
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                break
            data += chunk
    return data.split(b"\r\n\r\n", 1)[1]


def timed_get(host, port, path):
    started = time.monotonic()
    status = get(host, port, path)
    return status, time.monotonic() - started


def run_protocol(url):
    parts = urllib.parse.urlsplit(url)
    host, port, page = parts.hostname, parts.port, parts.path
    out = {}
    out["pageStatus"] = get(host, port, page)
    # A 200 KB header.
    try:
        out["bigHeader"] = request(host, port, b"GET " + page.encode() + b" HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 200_000 + b"\r\n\r\n")
    except (ConnectionResetError, BrokenPipeError, socket.timeout):
        out["bigHeader"] = None
    out["afterBigHeader"] = timed_get(host, port, page)
    # A slow client sends its request a byte at a time; the others are answered meanwhile.
    slow = socket.create_connection((host, port), timeout=30)
    slow.sendall(b"GET ")
    during = []
    for _ in range(4):
        slow.sendall(b"/")
        during.append(timed_get(host, port, page))
        time.sleep(0.25)
    out["duringSlowClient"] = during
    slow.close()
    # 500 requests in a burst, forty at a time: the server still answers the next one.
    answered = {"ok": 0, "refused": 0}
    lock = threading.Lock()
    paths = [page + "state", "/app.js", "/nothing", page]

    def hammer(index):
        for round in range(index, 500, 40):
            try:
                status = get(host, port, paths[round % len(paths)])
            except OSError:
                status = None
            with lock:
                answered["ok" if status is not None else "refused"] += 1

    started = time.monotonic()
    threads = [threading.Thread(target=hammer, args=(index,)) for index in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out["burst"] = answered
    out["burstSeconds"] = time.monotonic() - started
    out["afterBurst"] = timed_get(host, port, page)
    # Nothing outside the page's own files; no banner.
    out["traversal"] = [get(host, port, path) for path in ["/../../etc/passwd", page + "../../etc/passwd", "/t/", "/app.js/..", "/etc/passwd"]]
    with socket.create_connection((host, port), timeout=5) as connection:
        connection.sendall(b"GET /app.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        data = b""
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                break
            data += chunk
    headers = data.split(b"\r\n\r\n")[0].decode("latin-1").lower()
    out["hasServerHeader"] = "\r\nserver:" in headers
    out["hasCSP"] = "content-security-policy: default-src 'none'" in headers
    # A write from another site's page is refused; so is one without an origin.
    out["foreignOrigin"] = request(host, port, b"POST " + page.encode() + b"tick?key=a&name=a&packed=1 HTTP/1.1\r\nHost: " +
                                   f"{host}:{port}".encode() + b"\r\nOrigin: http://evil.example\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    # The tick's round trip on loopback, through the core to the database and back (the state it answers with):
    # the page's first item ticked and unticked in turn.
    html = fetch(host, port, page).decode()
    found = re.search(r'data-key="([^"]*)" data-name="([^"]*)" data-q="([^"]*)"', html)
    key, name, quantity = (html_module.unescape(found.group(index)) for index in (1, 2, 3))
    origin = f"http://{host}:{port}".encode()
    rounds = []
    for index in range(40):
        query = urllib.parse.urlencode({"key": key, "name": name, "q": quantity, "packed": "1" if index % 2 == 0 else "0"})
        started = time.monotonic()
        status = request(host, port, b"POST " + page.encode() + b"tick?" + query.encode() + b" HTTP/1.1\r\nHost: " +
                         f"{host}:{port}".encode() + b"\r\nOrigin: " + origin + b"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        rounds.append(time.monotonic() - started)
        if status != 200:
            out["tickStatus"] = status
            break
    rounds.sort()
    out["tickRoundTripMedianMs"] = round(rounds[len(rounds) // 2] * 1000, 1)
    out["tickRoundTripMaxMs"] = round(rounds[-1] * 1000, 1)
    out["ticksSent"] = len(rounds)
    # Two phones ticking at once lose nothing: each ticks every other item, all at the same time, and retries
    # a refused write (503) as the page does.
    items = [tuple(html_module.unescape(part) for part in found)
             for found in re.findall(r'data-key="([^"]*)" data-name="([^"]*)" data-q="([^"]*)"', html)][1:]
    statuses = []

    def phone(share):
        for key, name, quantity in share:
            query = urllib.parse.urlencode({"key": key, "name": name, "q": quantity, "packed": "1"})
            for attempt in range(5):
                status = request(host, port, b"POST " + page.encode() + b"tick?" + query.encode() + b" HTTP/1.1\r\nHost: " +
                                 f"{host}:{port}".encode() + b"\r\nOrigin: " + origin + b"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                if status != 503:
                    break
                time.sleep(0.2)
            statuses.append(status)

    phones = [threading.Thread(target=phone, args=(items[index::2],)) for index in range(2)]
    for thread in phones:
        thread.start()
    for thread in phones:
        thread.join()
    state = json.loads(fetch(host, port, page + "state"))
    packed = {item["key"] for item in state["items"] if item["packed"]}
    out["concurrentTicks"] = len(items)
    out["concurrentStatuses"] = sorted(set(statuses))
    out["concurrentLost"] = [key for key, _, _ in items if key not in packed]
    out["pageBytes"] = len(html.encode())
    out["styleBytes"] = len(fetch(host, port, "/app.css"))
    out["scriptBytes"] = len(fetch(host, port, "/app.js"))
    return out


def main():
    mode = sys.argv[1]
    if mode == "browser":
        result = run_browser(*sys.argv[2:7])
    elif mode == "fetch":
        parts = urllib.parse.urlsplit(sys.argv[2])
        result = {"html": fetch(parts.hostname, parts.port, parts.path + ("?" + parts.query if parts.query else "")).decode()}
    elif mode == "protocol":
        result = run_protocol(sys.argv[2])
    else:
        raise SystemExit("usage: phone.py browser|protocol …")
    print(json.dumps(result))


if __name__ == "__main__":
    main()

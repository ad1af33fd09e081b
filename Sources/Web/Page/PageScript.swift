import FoundationEssentials

/// The page's script, served as /app.js: sends a tick when a box changes, keeps ticks that could not be sent
/// in localStorage and sends them when the server answers again, and asks for the list's state every second
/// (an ETag: unchanged state costs a 304), so a tick from the command line, an assistant or another phone shows
/// without a reload. A tick of an item that changed meanwhile (a re-pack) is not made; the page says so.
enum PageScript {
    static let javascript = #"""
        "use strict";
        (function () {
          var main = document.getElementById("page");
          if (!main || document.body.classList.contains("print")) return;
          var base = main.getAttribute("data-base");
          var listID = main.getAttribute("data-list");
          var queueKey = "plan-pending:" + base;
          var client = sessionStorage.getItem("plan-client");
          if (!client) {
            var bytes = new Uint8Array(9);
            crypto.getRandomValues(bytes);
            client = Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
            sessionStorage.setItem("plan-client", client);
          }
          var etag = null, sending = false;
          var notice = document.getElementById("notice");
          var link = document.getElementById("link");

          function rows() { return Array.prototype.slice.call(document.querySelectorAll("li.item")); }
          function row(key) { return rows().filter(function (li) { return li.getAttribute("data-key") === key; })[0]; }
          function pending() {
            try { return JSON.parse(localStorage.getItem(queueKey) || "[]"); } catch (e) { return []; }
          }
          function keep(list) {
            try { localStorage.setItem(queueKey, JSON.stringify(list)); } catch (e) { /* private mode: kept in memory only */ }
          }
          function say(text) { notice.textContent = text; notice.hidden = !text; }
          function progress() {
            var all = rows(), done = all.filter(function (li) { return li.querySelector("input").checked; }).length;
            document.getElementById("progress").textContent = done + " of " + all.length + " packed";
            var bar = document.getElementById("bar");
            bar.max = Math.max(1, all.length);
            bar.value = done;
          }
          function mark(li, packed, part) {
            li.querySelector("input").checked = packed;
            li.classList.toggle("packed", packed);
            var shown = li.querySelector(".part");
            if (part !== undefined) { shown.textContent = part || ""; shown.hidden = !part; }
            else if (packed) { shown.hidden = true; }
          }
          function showWaiting() {
            var waiting = {};
            pending().forEach(function (tick) { waiting[tick.key] = true; });
            rows().forEach(function (li) { li.classList.toggle("sending", !!waiting[li.getAttribute("data-key")]); });
          }
          function apply(state) {
            if (String(state.list) !== listID) {
              say("The list changed (it was packed again): reload the page to see it as it is now.");
            }
            var waiting = {};
            pending().forEach(function (tick) { waiting[tick.key] = true; });
            state.items.forEach(function (item) {
              var li = row(item.key);
              if (li && !waiting[item.key]) mark(li, item.packed, item.part);
            });
            progress();
          }
          function send(tick) {
            var query = new URLSearchParams({ key: tick.key, name: tick.name, q: tick.q, packed: tick.packed ? "1" : "0" });
            return fetch(base + "tick?" + query.toString(), { method: "POST", cache: "no-store" }).then(function (response) {
              if (response.status === 409) {
                return response.json().then(function (answer) { etag = null; say(answer.message); return "dropped"; });
              }
              if (!response.ok) throw new Error("HTTP " + response.status);
              return response.json().then(function (answer) { etag = null; return answer; });
            });
          }
          function flush() {
            if (sending) return;
            var queue = pending();
            if (!queue.length) { showWaiting(); return; }
            sending = true;
            var sent = queue[0];
            send(sent).then(function () {
              // The tick just sent leaves the queue by what it is, not by its place: a tap while it was on its
              // way may have reordered the queue.
              keep(pending().filter(function (other) {
                return !(other.key === sent.key && other.packed === sent.packed && other.q === sent.q);
              }));
              sending = false;
              link.hidden = true;
              flush();
            }, function () {
              sending = false;
              link.hidden = false;
              showWaiting();
            });
          }
          function poll() {
            var headers = etag ? { "If-None-Match": etag } : {};
            fetch(base + "state?c=" + client, { headers: headers, cache: "no-store" }).then(function (response) {
              link.hidden = true;
              if (response.status === 304) return null;
              if (!response.ok) throw new Error("HTTP " + response.status);
              etag = response.headers.get("ETag");
              return response.json();
            }).then(function (state) {
              if (state) apply(state);
              flush();
            }, function () {
              link.hidden = false;
            });
          }
          document.addEventListener("change", function (event) {
            var input = event.target;
            var li = input && input.closest ? input.closest("li.item") : null;
            if (!li) return;
            var tick = { key: li.getAttribute("data-key"), name: li.getAttribute("data-name"), q: li.getAttribute("data-q"),
              packed: input.checked };
            var queue = pending().filter(function (other) { return other.key !== tick.key; });
            queue.push(tick);
            keep(queue);
            li.classList.toggle("packed", input.checked);
            if (input.checked) li.querySelector(".part").hidden = true;
            progress();
            showWaiting();
            flush();
          });
          window.addEventListener("online", flush);
          showWaiting();
          progress();
          poll();
          setInterval(poll, 1000);
        })();
        """#
}

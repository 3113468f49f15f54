/* "Your recent requests" on the progress page (templates/dashboard/_history.html), kept
 * current by the page's one poll (dashboard.js asks status.json for the status and the
 * history together): the poll names the newest entry shown (`?history=`), so a changed
 * history sends only the entries new since, and the list is updated newest first, keeping
 * open the entries the student opened and the keyboard's place. Everything in an entry is
 * what a student sent or the server answered them, so it is only ever set as textContent,
 * never as markup. */
(function () {
  "use strict";

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined) { node.textContent = String(text); }
    return node;
  }

  function label(text) {
    return element("p", "history-label", text);
  }

  function body(text) {
    return text ? element("pre", "history-body", text) : element("p", "muted", "empty");
  }

  // The same markup as templates/dashboard/_history_entry.html.
  function entryItem(entry, open) {
    var item = element("li", "history-entry");
    item.setAttribute("data-entry", String(entry.id));
    var details = element("details");
    details.open = open;
    var summary = element("summary");
    var time = element("time", "", entry.when);
    time.setAttribute("datetime", entry.at);
    summary.appendChild(time);
    summary.appendChild(document.createTextNode(" "));
    summary.appendChild(element("code", "history-request", entry.method + " " + entry.path));
    summary.appendChild(document.createTextNode(" "));
    var arrow = element("span", "history-arrow", "\u2192");
    arrow.setAttribute("aria-hidden", "true");
    summary.appendChild(arrow);
    summary.appendChild(document.createTextNode(" "));
    summary.appendChild(element("span", "history-status", entry.status));
    if (entry.completed.length) {
      summary.appendChild(document.createTextNode(" "));
      summary.appendChild(element("span", "history-tag history-tag-done",
        "completed " + entry.completed.length));
    }
    if (entry.nearMisses.length) {
      summary.appendChild(document.createTextNode(" "));
      summary.appendChild(element("span", "history-tag history-tag-near",
        entry.nearMisses.length === 1 ? "near miss" : "near misses"));
    }
    details.appendChild(summary);

    var detail = element("div", "history-detail");
    if (entry.completed.length) {
      detail.appendChild(label("Completed"));
      var done = element("ul", "history-outcomes");
      entry.completed.forEach(function (name) { done.appendChild(element("li", "", name)); });
      detail.appendChild(done);
    }
    if (entry.nearMisses.length) {
      detail.appendChild(label("Nearly completed"));
      var near = element("ul", "history-outcomes");
      entry.nearMisses.forEach(function (miss) {
        var line = element("li", "", miss.label + ": ");
        line.appendChild(element("span", "near-reason", miss.reason));
        near.appendChild(line);
      });
      detail.appendChild(near);
    }
    detail.appendChild(label("Request headers"));
    var table = element("table", "history-headers");
    var rows = element("tbody");
    entry.headers.forEach(function (pair) {
      var row = element("tr");
      var name = element("th", "", pair[0]);
      name.setAttribute("scope", "row");
      row.appendChild(name);
      var cell = element("td");
      cell.appendChild(element("code", "", pair[1]));
      row.appendChild(cell);
      rows.appendChild(row);
    });
    if (!entry.headers.length) {
      var none = element("tr");
      none.appendChild(element("td", "muted", "none"));
      rows.appendChild(none);
    }
    table.appendChild(rows);
    detail.appendChild(table);
    detail.appendChild(label("Request body"));
    detail.appendChild(body(entry.requestBody));
    detail.appendChild(label("Response body"));
    detail.appendChild(body(entry.responseBody));
    details.appendChild(detail);
    item.appendChild(details);
    return item;
  }

  // Entries never change once made, so the list is patched: new entries are inserted and
  // gone ones removed, and the ones already shown stay the same nodes. The entry a keyboard
  // (or a screen reader) is on keeps its focus and stays open as the student left it.
  function redraw(card, entries) {
    var list = card.querySelector("[data-history-list]");
    var empty = card.querySelector("[data-history-empty]");
    var shown = {};
    Array.prototype.forEach.call(list.querySelectorAll("li[data-entry]"), function (item) {
      shown[item.getAttribute("data-entry")] = item;
    });
    var wanted = {};
    var cursor = list.firstElementChild;
    entries.forEach(function (entry) {
      var id = String(entry.id);
      wanted[id] = true;
      if (cursor && cursor.getAttribute("data-entry") === id) {
        cursor = cursor.nextElementSibling;
        return;
      }
      var known = Object.prototype.hasOwnProperty.call(shown, id);
      list.insertBefore(known ? shown[id] : entryItem(entry, false), cursor);
    });
    Array.prototype.forEach.call(list.querySelectorAll("li[data-entry]"), function (item) {
      if (!Object.prototype.hasOwnProperty.call(wanted, item.getAttribute("data-entry"))) {
        list.removeChild(item);
      }
    });
    if (empty) { empty.hidden = entries.length > 0; }
  }

  // The entries to show, newest first: those the answer sent, then (unless it sent them
  // all: `full`) the ones already shown, as many as the answer's `count`. Null when that
  // leaves fewer than `count` (a merged session's older requests, a row written late):
  // then the page asks for all of them.
  function merged(card, data) {
    var entries = (data.entries || []).slice();
    if (!data.full) {
      var sent = {};
      entries.forEach(function (entry) { sent[String(entry.id)] = true; });
      Array.prototype.forEach.call(card.querySelectorAll("li[data-entry]"), function (item) {
        var id = item.getAttribute("data-entry");
        if (!sent[id]) { entries.push({ id: id }); }
      });
    }
    if (entries.length < data.count) { return null; }
    return entries.slice(0, data.count);
  }

  // The newest entry shown (ids grow with time), as ?after=; none: ask for all.
  function newestShown(card) {
    var newest = 0;
    Array.prototype.forEach.call(card.querySelectorAll("li[data-entry]"), function (item) {
      newest = Math.max(newest, parseInt(item.getAttribute("data-entry"), 10) || 0);
    });
    return newest;
  }

  // What the page's poll (dashboard.js) asks the card: the version it shows, the newest
  // entry it shows (0: none, or ask for all), and to draw an answer, which it declines
  // (false) when the answer lists an entry it can neither show nor was sent.
  function register(card) {
    var askAll = false;
    window.historyCard = {
      version: card.getAttribute("data-history-version") || "",
      after: function () { return askAll ? 0 : newestShown(card); },
      changed: function (data) {
        var entries = merged(card, data);
        askAll = entries === null;
        if (askAll) { return false; }
        redraw(card, entries);
        return true;
      }
    };
  }

  function start() {
    var card = document.getElementById("history");
    if (card) { register(card); }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

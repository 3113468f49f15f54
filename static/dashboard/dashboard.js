/* Progressive enhancement for the student dashboard. Everything essential works without
 * this file; it adds: live ticks, "last try" near misses and the next-challenge panel
 * (polls the page's status.json every few seconds while the page is shown, 304 while
 * nothing changed, and updates the page in place; the same poll keeps "Your recent
 * requests" current through history.js, loaded first, when the page has it), a Copy
 * button for the GUID, and a short list of the sessions this browser remembers
 * (localStorage): only those the student asked this computer to remember (the page says
 * so with data-remembered), never one opened from a link; "Forget" empties it.
 * It never reads or shows the secret token. Text from the server (near-miss requests and
 * reasons come from students' requests) is only ever set as textContent. */
(function () {
  "use strict";

  var STORE_KEY = "apichallenges.sessions";
  var MAX_REMEMBERED = 5;
  // One poll every 5 s, for the status and the history together: an open page asks the
  // server one thing at a time, costing it less than its student's API requests.
  var POLL_MS = 5000;

  function remembered() {
    try {
      var list = JSON.parse(window.localStorage.getItem(STORE_KEY) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (e) {
      return [];
    }
  }

  function remember(guid, name) {
    try {
      var list = remembered().filter(function (entry) { return entry && entry.guid !== guid; });
      list.unshift({ guid: guid, name: name || "", seen: new Date().toISOString() });
      window.localStorage.setItem(STORE_KEY, JSON.stringify(list.slice(0, MAX_REMEMBERED)));
    } catch (e) {
      /* storage may be disabled (private mode); the page still works */
    }
  }

  function forget(guid) {
    try {
      var list = remembered().filter(function (entry) { return entry && entry.guid !== guid; });
      window.localStorage.setItem(STORE_KEY, JSON.stringify(list));
    } catch (e) { /* ignore */ }
  }

  function forgetAll() {
    try { window.localStorage.removeItem(STORE_KEY); } catch (e) { /* ignore */ }
  }

  // The forms that forget this computer's session (the server drops its cookie): the list
  // kept here goes with it.
  function setUpForgetForms() {
    var forms = document.querySelectorAll("form[data-forget]");
    Array.prototype.forEach.call(forms, function (form) {
      form.addEventListener("submit", forgetAll);
    });
  }

  /* ---------------------------------------------------------------- copy buttons */

  function setUpCopyButtons() {
    var buttons = document.querySelectorAll("button[data-copy]");
    Array.prototype.forEach.call(buttons, function (button) {
      var source = document.getElementById(button.getAttribute("data-copy"));
      if (!source) { return; }
      button.hidden = false;
      button.addEventListener("click", function () {
        var text = source.textContent.trim();
        var done = function () {
          button.textContent = "Copied";
          window.setTimeout(function () { button.textContent = "Copy"; }, 2000);
        };
        if (navigator.clipboard && window.isSecureContext) {
          navigator.clipboard.writeText(text).then(done, function () { selectText(source); });
        } else {
          selectText(source);
          try { if (document.execCommand("copy")) { done(); } } catch (e) { /* selected */ }
        }
      });
    });
  }

  function selectText(element) {
    var range = document.createRange();
    range.selectNodeContents(element);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  /* ---------------------------------------------------------------- start page */

  function showRemembered() {
    var section = document.getElementById("remembered");
    var list = document.getElementById("remembered-list");
    if (!section || !list) { return; }
    var entries = remembered();
    if (!entries.length) { return; }
    entries.forEach(function (entry) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = "/gui/challenges/" + encodeURIComponent(entry.guid);
      var code = document.createElement("code");
      code.textContent = entry.guid;
      link.appendChild(code);
      if (entry.name) { link.appendChild(document.createTextNode(" (" + entry.name + ")")); }
      item.appendChild(link);
      var button = document.createElement("button");
      button.type = "button";
      button.className = "button button-small button-quiet";
      button.textContent = "Forget";
      button.setAttribute("aria-label", "Forget session " + entry.guid);
      button.addEventListener("click", function () {
        forget(entry.guid);
        item.parentNode.removeChild(item);
        if (!list.children.length) { section.hidden = true; }
      });
      item.appendChild(document.createTextNode(" "));
      item.appendChild(button);
      list.appendChild(item);
    });
    section.hidden = false;
  }

  /* ---------------------------------------------------------------- progress page */

  function statusCell(done, completion) {
    var cell = document.createElement("td");
    cell.className = "col-done";
    var mark = document.createElement("span");
    mark.className = "mark";
    mark.setAttribute("aria-hidden", "true");
    mark.textContent = done ? "\u2713" : "\u25CB";
    cell.appendChild(mark);
    cell.appendChild(document.createTextNode(done ? " Done" : " Not done"));
    if (done && completion && completion.label) {
      cell.appendChild(document.createElement("br"));
      var time = document.createElement("time");
      time.setAttribute("datetime", completion.at);
      time.textContent = completion.label;
      cell.appendChild(time);
    }
    return cell;
  }

  function setText(selector, value) {
    Array.prototype.forEach.call(document.querySelectorAll(selector), function (node) {
      node.textContent = String(value);
    });
  }

  function nearText(near) {
    return "last try: " + near.request + " \u2192 " + near.status + ": " + near.reason;
  }

  function span(className, text) {
    var node = document.createElement("span");
    node.className = className;
    node.textContent = text;
    return node;
  }

  // The same markup as templates/dashboard/_near_miss.html.
  function nearMissLine(near) {
    var line = document.createElement("p");
    line.className = "near-miss";
    var request = document.createElement("code");
    request.className = "near-request";
    request.textContent = near.request;
    line.appendChild(span("near-label", "last try:"));
    line.appendChild(document.createTextNode(" "));
    line.appendChild(request);
    line.appendChild(document.createTextNode(" \u2192 "));
    line.appendChild(span("near-status", String(near.status)));
    line.appendChild(document.createTextNode(": "));
    line.appendChild(span("near-reason", near.reason));
    return line;
  }

  function clear(node) {
    while (node.firstChild) { node.removeChild(node.firstChild); }
  }

  // Rebuilds the next-challenge panel from that challenge's row, which already holds its
  // name, description and hints: the status carries only the key.
  function applyNext(nextKey) {
    var panel = document.getElementById("next-challenge");
    var body = panel && panel.querySelector("[data-next-body]");
    nextKey = nextKey || "";
    if (!body || panel.getAttribute("data-next") === nextKey) { return; }
    var row = nextKey ? document.getElementById("c-" + nextKey) : null;
    if (nextKey && !row) { return; }
    clear(body);
    panel.setAttribute("data-next", nextKey);
    if (!row) {
      var allDone = document.createElement("p");
      allDone.className = "next-all-done";
      allDone.textContent = "Every challenge is done. Well played!";
      body.appendChild(allDone);
      return;
    }
    var title = document.createElement("p");
    title.className = "next-title";
    title.appendChild(span("next-id", row.querySelector("td.col-id").textContent));
    title.appendChild(document.createTextNode(" "));
    var link = document.createElement("a");
    link.className = "next-name";
    link.href = "#c-" + nextKey;
    link.textContent = row.getAttribute("data-name");
    title.appendChild(link);
    body.appendChild(title);
    var description = document.createElement("p");
    description.className = "next-desc";
    Array.prototype.forEach.call(row.querySelector(".desc").childNodes, function (node) {
      description.appendChild(node.cloneNode(true));
    });
    body.appendChild(description);
    var hints = row.querySelector("details.hints ul");
    if (hints) {
      var list = hints.cloneNode(true);
      list.className = "next-hints";
      body.appendChild(list);
    }
    var slot = document.createElement("div");
    slot.className = "near-slot";
    slot.setAttribute("data-near-slot", nextKey);
    body.appendChild(slot);
  }

  function applyNearMisses(nearMisses, completed) {
    var changed = [];
    Array.prototype.forEach.call(document.querySelectorAll("[data-near-slot]"), function (slot) {
      var key = slot.getAttribute("data-near-slot");
      var open = !Object.prototype.hasOwnProperty.call(completed, key);
      var near = open && Object.prototype.hasOwnProperty.call(nearMisses, key) ? nearMisses[key] : null;
      var text = near ? nearText(near) : "";
      if (slot.textContent.replace(/\s+/g, " ").trim() === text.replace(/\s+/g, " ").trim()) {
        return;
      }
      clear(slot);
      if (!near) { return; }
      var line = nearMissLine(near);
      line.classList.add("just-changed");
      window.setTimeout(function () { line.classList.remove("just-changed"); }, 6000);
      slot.appendChild(line);
      var row = slot.closest("tr[data-key]");
      if (row) { changed.push(row.getAttribute("data-name") + ": " + near.reason); }
    });
    return changed;
  }

  function applyStatus(data) {
    var completed = data.completed || {};
    var newly = [];
    Array.prototype.forEach.call(document.querySelectorAll("tr[data-key]"), function (row) {
      var key = row.getAttribute("data-key");
      var done = Object.prototype.hasOwnProperty.call(completed, key);
      var wasDone = row.classList.contains("is-done");
      if (done === wasDone) { return; }
      row.classList.toggle("is-done", done);
      row.classList.toggle("is-todo", !done);
      var old = row.querySelector("td.col-done");
      if (old) { row.replaceChild(statusCell(done, completed[key]), old); }
      if (done) {
        row.classList.add("just-done");
        newly.push(row.getAttribute("data-name"));
        window.setTimeout(function () { row.classList.remove("just-done"); }, 6000);
      }
    });
    Object.keys(data.sections || {}).forEach(function (key) {
      setText('[data-section-done="' + key + '"]', data.sections[key]);
    });
    setText("[data-done-count]", data.done);
    setText("[data-percent]", data.percent);
    var bar = document.getElementById("overall");
    if (bar) { bar.value = data.done; bar.textContent = data.done + " of " + data.total; }
    document.title = document.title.replace(/\d+\/\d+/, data.done + "/" + data.total);
    applyNext(data.next);
    var missed = applyNearMisses(data.nearMisses || {}, completed);
    var news = [];
    if (newly.length) { news.push("Completed: " + newly.join("; ")); }
    if (missed.length) { news.push("Last try missed: " + missed.join("; ")); }
    var live = document.getElementById("live");
    if (live && news.length) { live.textContent = news.join(". "); }
    document.dispatchEvent(new CustomEvent("progress-status", { detail: data }));
  }

  // The status, and the history when the page shows it (window.historyCard, history.js),
  // every POLL_MS while the page is shown (poller.js). With the history the version is
  // both, joined by a dot, and an answer carries each only if it changed.
  function poll(url, shown) {
    var note = document.getElementById("live-note");
    if (note) { note.hidden = false; }
    var history = window.historyCard;
    window.pollVersioned({
      url: history ? function () { return url + "?history=" + history.after(); } : url,
      every: POLL_MS,
      version: history ? shown + "." + history.version : shown,
      changed: history ? function (data) {
        if (data.status) { applyStatus(data.status); }
        return data.history ? history.changed(data.history) : true;
      } : applyStatus,
      gone: function () {
        if (note) { note.textContent = "This session no longer exists on the server."; }
      }
    });
  }

  // "Create a session" buttons send the real POST /api/challenger (which completes
  // challenge 01), then post its GUID with the form's own token to /gui/challenges, which
  // remembers it here and opens its page; the form posts server-side when this fails.
  function setUpApiCreate() {
    var forms = document.querySelectorAll("form[data-api-create]");
    Array.prototype.forEach.call(forms, function (form) {
      form.addEventListener("submit", function (event) {
        if (!window.fetch) { return; }
        event.preventDefault();
        fetch("/api/challenger", { method: "POST", cache: "no-store" })
          .then(function (response) {
            var guid = response.headers.get("X-CHALLENGER");
            if (!response.ok || !guid) { throw new Error("no session"); }
            var field = document.createElement("input");
            field.type = "hidden";
            field.name = "guid";
            field.value = guid;
            form.appendChild(field);
            form.action = "/gui/challenges";
            form.submit();
          })
          .catch(function () { form.submit(); });
      });
    });
  }

  function start() {
    setUpCopyButtons();
    setUpApiCreate();
    setUpForgetForms();
    var body = document.body;
    var guid = body.getAttribute("data-guid");
    var statusUrl = body.getAttribute("data-status-url");
    if (guid && body.getAttribute("data-remembered") === "true") {
      remember(guid, body.getAttribute("data-name"));
    }
    if (statusUrl && window.fetch && window.pollVersioned) { poll(statusUrl, body.getAttribute("data-status-version")); }
    showRemembered();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

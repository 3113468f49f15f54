// The live class page: fetches the class view's HTML every few seconds from the staff-only
// JSON route (a 304 while nothing it shows changed) and swaps in the parts that changed,
// keeping the matrix's and the page's scroll position and the keyboard's focus,
// and sorts the students by name, progress or latest API request (the choice is remembered in
// this browser). Without JavaScript the page is the same snapshot, refreshed by reloading.
(function () {
  "use strict";
  var live = document.getElementById("class-live");
  if (!live) return;
  var url = live.getAttribute("data-live-url") + window.location.search;
  var every = 1000 * (parseInt(live.getAttribute("data-poll-seconds"), 10) || 5);
  var status = document.querySelector("[data-live-status]");
  var sortBar = document.querySelector(".cp-sort");
  var STORE = "apichallenges-class-sort";
  var sortBy = "name";
  try { sortBy = window.localStorage.getItem(STORE) || "name"; } catch (e) { /* private mode */ }
  var lastGood = Date.now();
  // The server's time of the last answer, in the server's zone with its name (the
  // browser's own clock may be in another zone than the times the page shows).
  var lastLabel = status ? status.getAttribute("data-at-label") : null;
  var busy = false;
  var lastHtml = null; // the area as last received: an unchanged one is left alone
  // The version of the area shown, as the server named it (sent back as If-None-Match).
  var version = live.getAttribute("data-live-version") || "";
  if (version) version = '"' + version + '"';
  var shown = []; // each part of the area as the server last sent it

  function number(row, name) { return parseFloat(row.getAttribute(name)) || 0; }

  function compare(a, b) {
    if (sortBy === "progress") {
      return number(b, "data-done") - number(a, "data-done") || byName(a, b);
    }
    if (sortBy === "last") {
      return number(b, "data-last") - number(a, "data-last") || byName(a, b);
    }
    return byName(a, b);
  }

  function byName(a, b) {
    var x = a.getAttribute("data-name") || "", y = b.getAttribute("data-name") || "";
    return x < y ? -1 : x > y ? 1 : 0;
  }

  function applySort() {
    var body = live.querySelector(".cp-matrix tbody");
    if (body) {
      var rows = Array.prototype.slice.call(body.rows);
      var sorted = rows.slice().sort(compare);
      // Rows already in order stay put: moving a row takes the keyboard's focus out of it.
      if (sorted.some(function (row, i) { return row !== rows[i]; })) {
        sorted.forEach(function (row) { body.appendChild(row); });
      }
    }
    if (sortBar) {
      sortBar.querySelectorAll("[data-sort]").forEach(function (button) {
        button.setAttribute("aria-pressed", String(button.getAttribute("data-sort") === sortBy));
      });
    }
  }

  function clock(date) {
    return date.toTimeString().slice(0, 8);
  }

  function stale() {
    if (!status) return;
    status.parentNode.classList.add("cp-stale");
    status.textContent = "Not updated since " + (lastLabel || clock(new Date(lastGood))) +
      ": the server did not answer (still logged in?)";
  }

  // Where the keyboard is in the live area, as something the next version of it has too:
  // a student's link by its address, the matrix's scroll box by its class.
  function focusKey() {
    var active = document.activeElement;
    if (!active || !live.contains(active)) return null;
    if (active.matches("a[href]")) return "a[href=\"" + active.getAttribute("href") + "\"]";
    if (active.classList.contains("cp-scroll")) return ".cp-scroll";
    return null;
  }

  function refocus(key) {
    if (!key || live.contains(document.activeElement)) return;
    var target = live.querySelector(key);
    if (target) target.focus({ preventScroll: true });
  }

  // Replaces only the parts of the area that changed (a part the keyboard is on stays
  // the same element unless it changed itself), then puts the focus back where it was.
  function swap(html) {
    var key = focusKey();
    var scroller = live.querySelector(".cp-scroll");
    var left = scroller ? scroller.scrollLeft : 0, top = scroller ? scroller.scrollTop : 0;
    var pageX = window.scrollX, pageY = window.scrollY;
    var fresh = document.createElement("template");
    fresh.innerHTML = html;
    var now = live.children, next = fresh.content.children;
    if (now.length !== next.length) {
      live.innerHTML = html;
    } else {
      for (var i = next.length - 1; i >= 0; i--) {
        if (next[i].outerHTML !== shown[i]) live.replaceChild(next[i].cloneNode(true), now[i]);
      }
    }
    shown = Array.prototype.map.call(fresh.content.children, function (part) {
      return part.outerHTML;
    });
    applySort();
    scroller = live.querySelector(".cp-scroll");
    if (scroller) { scroller.scrollLeft = left; scroller.scrollTop = top; }
    window.scrollTo(pageX, pageY);
    refocus(key);
  }

  function updated(label) {
    lastGood = Date.now();
    lastLabel = label || null;
    if (status) {
      status.parentNode.classList.remove("cp-stale");
      status.textContent = "Updated " + (lastLabel || clock(new Date())) +
        " (every " + every / 1000 + " s)";
    }
  }

  // Sends the version of the area it shows as If-None-Match: while the class is as it was,
  // the server answers 304 without rendering it again (its time still in a header).
  function poll() {
    if (busy || document.hidden) return;
    busy = true;
    var headers = { Accept: "application/json" };
    if (version) headers["If-None-Match"] = version;
    fetch(url, { credentials: "same-origin", cache: "no-store", headers: headers })
      .then(function (response) {
        if (response.status === 304) return updated(response.headers.get("X-At-Label"));
        if (!response.ok) throw new Error(String(response.status));
        return response.json().then(function (data) {
          if (data.html !== lastHtml) swap(data.html);
          lastHtml = data.html;
          version = response.headers.get("ETag") || "";
          updated(data.atLabel);
        });
      })
      .catch(stale)
      .then(function () { busy = false; });
  }

  shown = Array.prototype.map.call(live.children, function (part) { return part.outerHTML; });
  if (sortBar) {
    sortBar.hidden = false;
    sortBar.addEventListener("click", function (event) {
      var button = event.target.closest("[data-sort]");
      if (!button) return;
      sortBy = button.getAttribute("data-sort");
      try { window.localStorage.setItem(STORE, sortBy); } catch (e) { /* private mode */ }
      applySort();
    });
  }
  applySort();
  if (status) {
    status.textContent = "Updated " + (lastLabel || clock(new Date())) +
      " (every " + every / 1000 + " s)";
  }
  window.setInterval(poll, every);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) poll(); });
}());

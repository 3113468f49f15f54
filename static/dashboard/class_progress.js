// The live class page: fetches the class view's HTML every few seconds from the staff-only
// JSON route and swaps it in place, keeping the matrix's and the page's scroll position,
// and sorts the students by name, progress or last activity (the choice is remembered in
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
  var busy = false;

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
      rows.sort(compare);
      rows.forEach(function (row) { body.appendChild(row); });
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
    status.textContent = "Not updated since " + clock(new Date(lastGood)) +
      ": the server did not answer (still logged in?)";
  }

  function swap(html) {
    var scroller = live.querySelector(".cp-scroll");
    var left = scroller ? scroller.scrollLeft : 0, top = scroller ? scroller.scrollTop : 0;
    var pageX = window.scrollX, pageY = window.scrollY;
    live.innerHTML = html;
    applySort();
    scroller = live.querySelector(".cp-scroll");
    if (scroller) { scroller.scrollLeft = left; scroller.scrollTop = top; }
    window.scrollTo(pageX, pageY);
  }

  function poll() {
    if (busy || document.hidden) return;
    busy = true;
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      })
      .then(function (data) {
        swap(data.html);
        lastGood = Date.now();
        if (status) {
          status.parentNode.classList.remove("cp-stale");
          status.textContent = "Updated " + clock(new Date()) + " (every " + every / 1000 + " s)";
        }
      })
      .catch(stale)
      .then(function () { busy = false; });
  }

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
  if (status) status.textContent = "Updated " + clock(new Date()) + " (every " + every / 1000 + " s)";
  window.setInterval(poll, every);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) poll(); });
}());

/* The one poll loop of the progress page's live parts: the status (dashboard.js) and "Your
 * recent requests" (history.js). It asks a URL every few seconds while the page is shown,
 * sending the version the page shows as If-None-Match, so an unchanged answer is a 304 with
 * no body; it sends nothing while the page is hidden (another tab, a minimised window) and
 * asks at once when it is shown again if a poll is due by then; it backs off, doubling up
 * to a minute, while the server does not answer, and stops for good on a 404 (the session
 * is gone). */
(function () {
  "use strict";

  var MAX_BACKOFF_MS = 60000;

  // options: url (or a function giving it at each poll); every (ms between polls); version
  // (what the page shows now, without quotes; "" for none); changed(data) for an answer
  // with something new, which returns false when it could not use the answer (the next
  // poll then asks without a version, for a whole answer); gone() on a 404.
  window.pollVersioned = function (options) {
    var every = options.every;
    var delay = every;
    var stopped = false;
    var timer = null;
    // As If-None-Match wants it: the page's version quoted, then each answer's ETag as sent.
    var version = options.version ? '"' + options.version + '"' : "";
    var lastAsked = 0;

    function schedule(ms) {
      if (!stopped && !document.hidden && timer === null) { timer = window.setTimeout(tick, ms); }
    }

    function tick() {
      timer = null;
      if (document.hidden) { return; }
      var headers = { Accept: "application/json" };
      if (version) { headers["If-None-Match"] = version; }
      lastAsked = Date.now();
      var url = typeof options.url === "function" ? options.url() : options.url;
      fetch(url, { cache: "no-store", headers: headers })
        .then(function (response) {
          if (response.status === 404) {
            stopped = true;
            if (options.gone) { options.gone(); }
            return null;
          }
          if (response.status === 304) { return null; }
          if (!response.ok) { throw new Error("HTTP " + response.status); }
          return response.json().then(function (data) {
            var used = options.changed(data) !== false;
            version = used ? response.headers.get("ETag") || "" : "";
          });
        })
        .then(function () { delay = every; schedule(delay); })
        .catch(function () {
          delay = Math.min(delay * 2, MAX_BACKOFF_MS);
          schedule(delay);
        });
    }

    document.addEventListener("visibilitychange", function () {
      if (document.hidden) {
        if (timer !== null) { window.clearTimeout(timer); timer = null; }
        return;
      }
      delay = every;
      schedule(Math.max(0, every - (Date.now() - lastAsked)));
    });
    schedule(delay);
  };
})();

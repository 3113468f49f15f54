/* "Try it" on each open challenge of the progress page: a small request editor started from
 * the challenge's example (challenges/examples.py, embedded in the page as JSON), sent with
 * fetch() and the student's X-CHALLENGER, showing the answer's status, headers and body and
 * whether the challenge is now done, with "Copy as curl" of exactly what was sent.
 *
 * A browser cannot send every request: fetch() refuses TRACE, CONNECT and TRACK (and a
 * method-override header naming them), the headers the browser sets itself (Content-Length,
 * Host, …), a body on GET or HEAD, and it always sends an Accept header. For those the
 * editor says why and offers the curl command instead.
 *
 * Everything the server or the student wrote is shown with textContent, never as HTML. */
(function () {
  "use strict";

  var FORBIDDEN_METHODS = ["CONNECT", "TRACE", "TRACK"];
  // The Fetch standard's forbidden request headers: the browser sets these itself.
  var FORBIDDEN_HEADERS = [
    "accept-charset", "accept-encoding", "access-control-request-headers",
    "access-control-request-method", "connection", "content-length", "cookie", "cookie2",
    "date", "dnt", "expect", "host", "keep-alive", "origin", "referer", "set-cookie", "te",
    "trailer", "transfer-encoding", "upgrade", "via"
  ];
  var FORBIDDEN_PREFIXES = ["proxy-", "sec-"];
  var OVERRIDE_HEADERS = ["x-http-method", "x-http-method-override", "x-method-override"];
  // Headers a browser adds to every request whatever the page asks.
  var ALWAYS_SENT = ["accept"];
  var SHOWN_BODY_MAX = 100000;

  var config = document.getElementById("tryit-config");
  var data = document.getElementById("tryit-examples");
  if (!config || !data || !window.fetch) { return; }
  var examples = JSON.parse(data.textContent);
  var guid = config.getAttribute("data-guid");
  var multi = config.getAttribute("data-mode") !== "single";
  var statusUrl = config.getAttribute("data-status-url");
  var token = ""; // the X-AUTH-TOKEN of this page's last answer that carried one

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  function scrollBox(className, name) {
    var node = element("pre", className);
    node.tabIndex = 0;
    node.setAttribute("role", "region");
    node.setAttribute("aria-label", name);
    return node;
  }

  function button(text, className) {
    var node = element("button", "button button-small" + (className ? " " + className : ""), text);
    node.type = "button";
    return node;
  }

  function fill(text, fresh) {
    return text
      .split("{guid}").join(guid)
      .split("{new-guid}").join(fresh)
      .split("{token}").join(token || "{token}");
  }

  function newGuid() {
    if (window.crypto && window.crypto.randomUUID) { return window.crypto.randomUUID(); }
    return "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx".replace(/[xy]/g, function (c) {
      var r = Math.floor(Math.random() * 16);
      return (c === "x" ? r : (r % 4) + 8).toString(16);
    });
  }

  /* ------------------------------------------------------------- the request */

  function parseHeaders(text) {
    var headers = [];
    text.split(/\r?\n/).forEach(function (line) {
      if (!line.trim()) { return; }
      var colon = line.indexOf(":");
      if (colon < 1) {
        headers.push({ name: line.trim(), value: "", malformed: true });
        return;
      }
      headers.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
    });
    return headers;
  }

  function read(editor) {
    return {
      method: editor.method.value.trim().toUpperCase(),
      path: editor.path.value.trim(),
      headers: parseHeaders(editor.headers.value),
      body: editor.body.value,
      absent: editor.absent
    };
  }

  // Why a browser cannot send `request` as written (empty when it can).
  function refusals(request) {
    var reasons = [];
    if (!/^[A-Za-z]+$/.test(request.method)) {
      reasons.push("\u201c" + request.method + "\u201d is not an HTTP method name.");
    } else if (FORBIDDEN_METHODS.indexOf(request.method) !== -1) {
      reasons.push("Browsers do not send " + request.method + " requests.");
    }
    if (request.path.charAt(0) !== "/") {
      reasons.push("The path must start with /.");
    }
    request.headers.forEach(function (header) {
      var name = header.name.toLowerCase();
      if (header.malformed || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(header.name)) {
        reasons.push("\u201c" + header.name + "\u201d is not a header line (Name: value).");
      } else if (FORBIDDEN_HEADERS.indexOf(name) !== -1 ||
          FORBIDDEN_PREFIXES.some(function (p) { return name.indexOf(p) === 0; })) {
        reasons.push("Browsers set " + header.name + " themselves; a page cannot send it.");
      } else if (OVERRIDE_HEADERS.indexOf(name) !== -1 &&
          FORBIDDEN_METHODS.indexOf(header.value.trim().toUpperCase()) !== -1) {
        reasons.push("Browsers refuse " + header.name + ": " + header.value +
          " (it names a method they do not send).");
      }
    });
    if (request.body && (request.method === "GET" || request.method === "HEAD")) {
      reasons.push("Browsers do not send a body with " + request.method + ".");
    }
    request.absent.forEach(function (name) {
      if (ALWAYS_SENT.indexOf(name.toLowerCase()) !== -1) {
        reasons.push("This challenge needs no " + name + " header, and browsers always send one.");
      }
    });
    return reasons;
  }

  function quote(text) {
    return "'" + String(text).split("'").join("'\\''") + "'";
  }

  function curl(request) {
    var origin = window.location.origin;
    var parts = ["curl -i"];
    if (request.method === "HEAD") {
      parts.push("--head");
    } else if (request.method !== "GET" || request.body) {
      parts.push("-X " + request.method);
    }
    parts.push(quote(origin + request.path));
    request.headers.forEach(function (header) {
      parts.push("-H " + quote(header.name + ": " + header.value));
    });
    request.absent.forEach(function (name) {
      parts.push("-H " + quote(name + ":")); // curl leaves out a header given no value
    });
    if (request.body) { parts.push("--data-binary " + quote(request.body)); }
    return parts.join(" ");
  }

  /* ------------------------------------------------------------- the answer */

  function verdict(editor, key) {
    var line = editor.verdict;
    line.textContent = "Checking your progress\u2026";
    line.className = "tryit-verdict";
    return fetch(statusUrl, { cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (status) {
        if (!status) { line.textContent = ""; return; }
        var done = Object.prototype.hasOwnProperty.call(status.completed || {}, key);
        var near = (status.nearMisses || {})[key];
        line.className = "tryit-verdict " + (done ? "is-done" : "is-open");
        line.textContent = done ? "\u2713 Challenge done." :
          "Not done yet" + (near ? ": " + near.reason : ".");
      })
      .catch(function () { line.textContent = ""; });
  }

  function show(editor, response, text) {
    editor.result.hidden = false;
    editor.status.textContent = response.type === "opaqueredirect" ?
      "A redirect: a page is not shown its status or Location (curl shows them)." :
      "HTTP " + response.status + " " + (response.statusText || "");
    var lines = [];
    response.headers.forEach(function (value, name) {
      lines.push(name + ": " + value);
      if (name.toLowerCase() === "x-auth-token" && value) { token = value; }
    });
    editor.answerHeaders.textContent = lines.join("\n");
    editor.answerBody.textContent = text.length > SHOWN_BODY_MAX ?
      text.slice(0, SHOWN_BODY_MAX) + "\n\u2026 (" + text.length + " characters in all)" : text;
    editor.answerBody.hidden = !text;
  }

  function send(editor, key) {
    var request = read(editor);
    var reasons = refusals(request);
    editor.sent = request;
    if (reasons.length) { refuse(editor, request, reasons); return; }
    editor.refusal.hidden = true;
    var headers = new Headers();
    try {
      request.headers.forEach(function (h) { headers.append(h.name, h.value); });
    } catch (error) {
      refuse(editor, request, [String(error.message || error)]);
      return;
    }
    // Disabling the focused Send drops the keyboard's place: it goes back once answered.
    var hadFocus = document.activeElement === editor.send;
    editor.send.disabled = true;
    editor.status.textContent = "Sending\u2026";
    editor.result.hidden = false;
    fetch(request.path, {
      method: request.method,
      headers: headers,
      body: request.body || undefined,
      cache: "no-store",
      credentials: "omit", // no cookies, and no browser login prompt on a 401
      redirect: "manual"
    })
      .then(function (response) {
        return response.text().then(function (text) { show(editor, response, text); });
      })
      .then(function () { return verdict(editor, key); })
      .catch(function (error) {
        refuse(editor, request, ["The browser could not send it: " + (error.message || error)]);
      })
      .then(function () {
        editor.send.disabled = false;
        var lost = !document.activeElement || document.activeElement === document.body;
        if (hadFocus && lost) { editor.send.focus(); }
      });
  }

  function refuse(editor, request, reasons) {
    editor.refusal.hidden = false;
    editor.reasons.textContent = "";
    reasons.forEach(function (reason) { editor.reasons.appendChild(element("p", "", reason)); });
    editor.curl.textContent = curl(request);
    editor.result.hidden = true;
  }

  function copy(text, control) {
    var done = function () {
      control.textContent = "Copied";
      window.setTimeout(function () { control.textContent = "Copy as curl"; }, 2000);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { window.prompt("Copy:", text); });
    } else {
      window.prompt("Copy this command:", text);
    }
  }

  /* ------------------------------------------------------------- the editor */

  function field(label, control, id) {
    var wrap = element("div", "tryit-field");
    var name = element("label", "", label);
    name.htmlFor = id;
    control.id = id;
    wrap.appendChild(name);
    wrap.appendChild(control);
    return wrap;
  }

  function build(key, example) {
    var fresh = newGuid();
    var id = "tryit-" + key;
    var editor = { absent: example.absent || [] };
    var panel = element("div", "tryit");
    panel.id = id;
    panel.setAttribute("role", "group");
    panel.setAttribute("aria-label", "Try it: " + key);
    if (example.note) { panel.appendChild(element("p", "tryit-note muted", fill(example.note, fresh))); }

    editor.method = element("input", "tryit-method");
    editor.method.value = example.method;
    editor.method.spellcheck = false;
    editor.path = element("input", "tryit-path");
    editor.path.value = fill(example.path, fresh);
    editor.path.spellcheck = false;
    var line = element("div", "tryit-line");
    line.appendChild(field("Method", editor.method, id + "-method"));
    var pathField = field("Path", editor.path, id + "-path");
    pathField.className += " tryit-path-field";
    line.appendChild(pathField);
    panel.appendChild(line);

    var headers = [];
    if (multi && example.session) { headers.push("X-CHALLENGER: " + guid); }
    (example.headers || []).forEach(function (h) { headers.push(h[0] + ": " + fill(h[1], fresh)); });
    editor.headers = element("textarea", "tryit-headers");
    editor.headers.value = headers.join("\n");
    editor.headers.spellcheck = false;
    editor.headers.rows = Math.max(2, headers.length + 1);
    panel.appendChild(field("Headers (one Name: value a line)", editor.headers, id + "-headers"));
    editor.body = element("textarea", "tryit-body");
    editor.body.value = fill(example.body || "", fresh);
    editor.body.spellcheck = false;
    panel.appendChild(field("Body", editor.body, id + "-body"));

    var actions = element("div", "tryit-actions");
    editor.send = button("Send", "button-primary tryit-send");
    var copyButton = button("Copy as curl", "tryit-copy");
    actions.appendChild(editor.send);
    actions.appendChild(copyButton);
    panel.appendChild(actions);

    editor.refusal = element("div", "tryit-refusal");
    editor.refusal.hidden = true;
    editor.refusal.setAttribute("role", "alert");
    editor.reasons = element("div", "tryit-reasons");
    editor.refusal.appendChild(editor.reasons);
    editor.refusal.appendChild(element("p", "", "Send it from a terminal instead:"));
    editor.curl = element("pre", "tryit-curl");
    editor.refusal.appendChild(editor.curl);
    panel.appendChild(editor.refusal);

    editor.result = element("div", "tryit-result");
    editor.result.hidden = true;
    editor.result.setAttribute("aria-live", "polite");
    editor.status = element("p", "tryit-status");
    // The answer's boxes scroll when long: focusable, named regions so a keyboard can too.
    editor.answerHeaders = scrollBox("tryit-answer-headers", "Response headers");
    editor.answerBody = scrollBox("tryit-answer-body", "Response body");
    editor.verdict = element("p", "tryit-verdict");
    editor.result.appendChild(editor.status);
    editor.result.appendChild(editor.verdict);
    editor.result.appendChild(editor.answerHeaders);
    editor.result.appendChild(editor.answerBody);
    panel.appendChild(editor.result);

    editor.send.addEventListener("click", function () { send(editor, key); });
    copyButton.addEventListener("click", function () {
      // What was last sent, else what the editor holds now.
      copy(curl(editor.sent || read(editor)), copyButton);
    });
    [editor.method, editor.path, editor.headers, editor.body].forEach(function (control) {
      control.addEventListener("input", function () { editor.sent = null; });
    });
    return panel;
  }

  // The next-challenge panel opens the editor of whichever challenge it shows now (the
  // panel's content is rebuilt as challenges complete; its data-next names the one shown).
  function setUpNext() {
    var panel = document.getElementById("next-challenge");
    if (!panel) { return; }
    var next = button("Try it", "tryit-next");
    var update = function () {
      var key = panel.getAttribute("data-next");
      next.hidden = !key || !document.querySelector("#c-" + key + " .tryit-open");
    };
    next.addEventListener("click", function () {
      var row = document.getElementById("c-" + panel.getAttribute("data-next"));
      var open = row && row.querySelector(".tryit-open");
      if (!open) { return; }
      if (open.getAttribute("aria-expanded") !== "true") { open.click(); }
      row.scrollIntoView({ block: "start" });
      var method = row.querySelector(".tryit-method");
      if (method) { method.focus({ preventScroll: true }); }
    });
    panel.appendChild(next);
    update();
    if (window.MutationObserver) {
      new MutationObserver(update).observe(panel, { attributes: true, attributeFilter: ["data-next"] });
    }
  }

  function start() {
    var rows = document.querySelectorAll("tr.is-todo[data-key]");
    Array.prototype.forEach.call(rows, function (row) {
      var key = row.getAttribute("data-key");
      var example = examples[key];
      var cell = row.querySelector("td.col-desc");
      if (!example || !cell) { return; }
      var open = button("Try it", "tryit-open");
      open.setAttribute("aria-expanded", "false");
      open.setAttribute("aria-controls", "tryit-" + key);
      var panel = null;
      open.addEventListener("click", function () {
        if (!panel) {
          panel = build(key, example);
          open.parentNode.insertBefore(panel, open.nextSibling);
        } else {
          panel.hidden = !panel.hidden;
        }
        open.setAttribute("aria-expanded", panel.hidden ? "false" : "true");
      });
      cell.appendChild(open);
    });
    setUpNext();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

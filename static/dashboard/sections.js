/* The progress page's section controls: "Hide done challenges" and folding each section,
 * both remembered in this browser (localStorage). Without this file every section shows
 * every challenge. Rows change from open to done while the page polls (dashboard.js
 * toggles their classes), so a section's "all done" state is kept up to date by watching
 * those classes. */
(function () {
  "use strict";

  var HIDE_KEY = "apichallenges.hideDone";
  var FOLD_KEY = "apichallenges.folded";

  function load(key, fallback) {
    try {
      var value = JSON.parse(window.localStorage.getItem(key) || "null");
      return value === null ? fallback : value;
    } catch (e) {
      return fallback;
    }
  }

  function save(key, value) {
    try { window.localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* private mode */ }
  }

  function sections() {
    return Array.prototype.slice.call(document.querySelectorAll("section.challenge-section"));
  }

  function folded() {
    var list = load(FOLD_KEY, []);
    return Array.isArray(list) ? list : [];
  }

  function setFolded(section, fold, remember) {
    section.classList.toggle("is-folded", fold);
    var button = section.querySelector(".section-fold");
    if (button) {
      button.setAttribute("aria-expanded", fold ? "false" : "true");
      button.textContent = fold ? "Show" : "Fold";
    }
    if (!remember) { return; }
    var list = folded().filter(function (key) { return key !== section.id; });
    if (fold) { list.push(section.id); }
    save(FOLD_KEY, list);
  }

  function markAllDone(section) {
    var open = section.querySelector("tr.is-todo");
    section.classList.toggle("all-done", !open);
  }

  function setUpFolding() {
    var remembered = folded();
    sections().forEach(function (section) {
      var head = section.querySelector(".section-head");
      var title = section.querySelector("h2");
      if (!head || !title) { return; }
      var button = document.createElement("button");
      button.type = "button";
      button.className = "button button-small button-quiet section-fold";
      button.setAttribute("aria-controls", section.id);
      button.setAttribute("aria-label", "Fold or show " + title.textContent);
      button.addEventListener("click", function () {
        setFolded(section, !section.classList.contains("is-folded"), true);
      });
      head.appendChild(button);
      var note = document.createElement("p");
      note.className = "all-done-note";
      note.textContent = "Every challenge of this section is done.";
      head.parentNode.insertBefore(note, head.nextSibling);
      setFolded(section, remembered.indexOf(section.id) !== -1, false);
      markAllDone(section);
      if (window.MutationObserver) {
        new MutationObserver(function () { markAllDone(section); }).observe(section, {
          subtree: true, attributes: true, attributeFilter: ["class"]
        });
      }
    });
  }

  // Following a link to a challenge (the next-challenge panel, a bookmark) shows it.
  function reveal() {
    var id = window.location.hash.slice(1);
    var target = id && document.getElementById(id);
    if (!target) { return; }
    var section = target.closest ? target.closest("section.challenge-section") : null;
    if (section && section.classList.contains("is-folded")) { setFolded(section, false, true); }
    if (target.classList.contains("is-done") && document.body.classList.contains("hide-done")) {
      setHideDone(false);
    }
  }

  function setHideDone(hide) {
    document.body.classList.toggle("hide-done", hide);
    var box = document.getElementById("hide-done");
    if (box) { box.checked = hide; }
    save(HIDE_KEY, hide);
  }

  function setUpTools() {
    var toc = document.querySelector("nav.toc");
    if (!toc) { return; }
    var tools = document.createElement("div");
    tools.className = "section-tools";

    var label = document.createElement("label");
    var box = document.createElement("input");
    box.type = "checkbox";
    box.id = "hide-done";
    label.appendChild(box);
    label.appendChild(document.createTextNode(" Hide done challenges"));
    box.addEventListener("change", function () { setHideDone(box.checked); });
    tools.appendChild(label);

    [["Fold all", true], ["Show all", false]].forEach(function (pair) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "button button-small button-quiet";
      button.textContent = pair[0];
      button.addEventListener("click", function () {
        sections().forEach(function (section) { setFolded(section, pair[1], true); });
      });
      tools.appendChild(button);
    });
    toc.appendChild(tools);
    setHideDone(load(HIDE_KEY, false) === true);
  }

  function start() {
    setUpTools();
    setUpFolding();
    reveal();
    window.addEventListener("hashchange", reveal);
    document.addEventListener("click", function (event) {
      var link = event.target.closest ? event.target.closest('a[href^="#"]') : null;
      if (link) { window.setTimeout(reveal, 0); }
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

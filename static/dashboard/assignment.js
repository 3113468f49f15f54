// The assignment panel of the progress page: dashboard.js polls the session's status and
// announces each answer ("progress-status"); this keeps the assignment's done count, its
// ticks and the time left until it is due current from it.
(function () {
  "use strict";
  var cards = document.querySelectorAll("[data-assignment]");
  if (!cards.length) return;

  function timeLeft(due) {
    var minutes = Math.ceil((due - Date.now()) / 60000);
    if (minutes <= 0) return null;
    var hours = Math.floor(minutes / 60), days = Math.floor(hours / 24);
    if (days) return days + " d " + (hours % 24) + " h left";
    if (hours) return hours + " h " + String(minutes % 60).padStart(2, "0") + " min left";
    return minutes + " min left";
  }

  function tick() {
    Array.prototype.forEach.call(cards, function (card) {
      var iso = card.getAttribute("data-due");
      var label = card.querySelector("[data-assignment-due]");
      if (!iso || !label || label.classList.contains("is-closed")) return;
      var left = timeLeft(Date.parse(iso));
      var due = label.textContent.replace(/^.*\((due [^)]*)\)\s*$/, "$1");
      if (left) {
        label.textContent = left + " (" + due + ")";
      } else {
        label.textContent = due.replace(/^due /, "due at ") + " \u2014 closed";
        label.classList.add("is-closed");
      }
    });
  }

  document.addEventListener("progress-status", function (event) {
    var all = (event.detail && event.detail.assignments) || [];
    Array.prototype.forEach.call(cards, function (card) {
      var data = all[parseInt(card.getAttribute("data-assignment"), 10)];
      if (!data) return;
      var done = {};
      data.doneKeys.forEach(function (key) { done[key] = true; });
      var count = card.querySelector("[data-assignment-done]");
      if (count) count.textContent = String(data.done);
      var bar = card.querySelector("[data-assignment-bar]");
      if (bar) bar.value = data.done;
      var uncounted = data.uncounted || {};
      card.querySelectorAll("[data-assigned-key]").forEach(function (item) {
        var key = item.getAttribute("data-assigned-key");
        var isDone = !!done[key];
        // Done, but not from the student's own client, where only that counts.
        var how = isDone ? "" : (uncounted[key] || "");
        item.classList.toggle("is-done", isDone);
        item.classList.toggle("is-uncounted", !!how);
        item.classList.toggle("is-todo", !isDone && !how);
        item.querySelector(".mark").textContent = isDone ? "\u2713" : (how ? "\u25CC" : "\u25CB");
        item.querySelector("[data-assigned-state]").textContent =
          isDone ? " (done)" : (how ? " (not counted yet)" : " (not done)");
        var note = item.querySelector("[data-assigned-uncounted]");
        if (note) {
          note.textContent = how ? how + ": not counted yet, send it from your own client" : "";
          note.hidden = !how;
        }
      });
    });
    tick();
  });
  window.setInterval(tick, 30000);
}());

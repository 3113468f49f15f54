// The assignment's change form: the question what to do with earlier late marks only
// matters once the due time is changed, so it shows from then on (and from the start when
// the form comes back with errors after a change). Without JavaScript it always shows.
// The admin loads it in the page's head: it waits for the form.
document.addEventListener("DOMContentLoaded", function () {
  "use strict";
  var row = document.querySelector(".field-earlier_marks");
  var inputs = document.querySelectorAll("#id_due_at_0, #id_due_at_1");
  if (!row || !inputs.length) return;
  var initial = Array.prototype.map.call(inputs, function (input) { return input.defaultValue; });

  function changed() {
    return Array.prototype.some.call(inputs, function (input, n) {
      return input.value !== initial[n];
    });
  }

  function update() { row.hidden = !changed() && !row.querySelector(".errorlist"); }

  Array.prototype.forEach.call(inputs, function (input) {
    input.addEventListener("input", update);
    input.addEventListener("change", update);
  });
  // The admin's calendar and clock fill the boxes without an input event.
  document.addEventListener("click", function () { window.setTimeout(update, 0); });
  update();
});

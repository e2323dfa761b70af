// The dispute pages (/solve, /check) update as cards are tapped: the form
// is sent in the background (a GET form as its address, a POST form as
// itself), and the page the server answers replaces this one's main part.
// Without this script the same forms work with their buttons.
(function () {
  "use strict";
  var form = document.querySelector("form[data-live]");
  if (!form || !window.fetch || !window.DOMParser) return;
  document.documentElement.classList.add("js");
  // busy: a request is out; dirty: the form changed since it went, so its
  // answer is stale; pending: another send was asked for meanwhile.
  var timer = 0, busy = false, dirty = false, pending = false;

  function send() {
    if (busy) { pending = true; return; }
    busy = true; dirty = false; pending = false;
    var data = new URLSearchParams(new FormData(form));
    var req = form.method.toLowerCase() === "post"
      ? fetch(form.action, { method: "POST", body: data, credentials: "same-origin" })
      : fetch(form.action + "?" + data.toString(), { credentials: "same-origin" });
    req.then(function (r) {
      return r.text().then(function (html) { return { url: r.url, html: html }; });
    }).then(function (res) {
      // A tap made while waiting is not in this answer: send again from
      // the page as it is now, which holds every tap.
      if (dirty) return;
      var doc = new DOMParser().parseFromString(res.html, "text/html");
      var main = doc.querySelector("main");
      if (!main) return;
      var open = [];
      document.querySelectorAll("main details[open]").forEach(function (d) { open.push(d.getAttribute("data-testid")); });
      document.querySelector("main").replaceWith(main);
      open.forEach(function (id) {
        var d = id && document.querySelector('main details[data-testid="' + id + '"]');
        if (d) d.open = true;
      });
      form = document.querySelector("form[data-live]");
      if (history.replaceState) history.replaceState(null, "", res.url);
      document.documentElement.setAttribute("data-updated", String(Date.now()));
    }).catch(function () {
      // Offline or refused: the buttons still work.
    }).then(function () {
      busy = false;
      if (pending) send();
    });
  }

  function later(ms) {
    if (busy) dirty = true;
    clearTimeout(timer);
    timer = setTimeout(send, ms);
  }

  document.addEventListener("change", function (ev) {
    var t = ev.target;
    if (!t.form || !t.form.hasAttribute("data-live")) return;
    // Two players leave the Kraken out (R0): drop its cards at once.
    if (t.name === "players" && t.value === "2") {
      t.form.querySelectorAll('.tapgrid input[value^="K"]:checked').forEach(function (k) { k.checked = false; });
    }
    // Choosing where cards go changes nothing yet.
    if (t.name === "to") return;
    later(t.type === "checkbox" ? 150 : 50);
  });
  // The − / + of a number change it in place (app.js) without a change
  // event.
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest && ev.target.closest("button[data-step]");
    if (b && b.form && b.form.hasAttribute("data-live")) later(250);
  });
})();

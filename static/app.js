// Small conveniences on top of pages that work without JavaScript.

// ruthlessSay is the page's word for key, in the page's language, with
// {name}s filled from vals: the server puts the words the scripts write
// on the body (data-words, from the catalogue js.* keys), so the scripts
// hold none of their own. app.js comes first; live.js and offline.js
// use it too.
window.ruthlessSay = (function () {
  var words = null;
  return function (key, vals) {
    if (words === null) {
      try { words = JSON.parse(document.body.getAttribute("data-words") || "{}"); } catch (e) { words = {}; }
    }
    var text = words[key] || key;
    Object.keys(vals || {}).forEach(function (k) { text = text.split("{" + k + "}").join(String(vals[k])); });
    return text;
  };
})();

(function () {
  "use strict";
  // The page's scroll padding is the sticky Save bar's height (app.css),
  // however many lines its buttons take, so nothing is scrolled to a
  // place under the bar.
  var bar = document.querySelector(".entrybar");
  if (bar) {
    var padBar = function () { document.documentElement.style.setProperty("--bar-h", bar.offsetHeight + "px"); };
    padBar();
    if (window.ResizeObserver) new ResizeObserver(padBar).observe(bar);
  }
  // The − / + buttons next to a number step it in place instead of
  // submitting the form to the server.
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest("button[data-step]");
    if (!b) return;
    var input = document.getElementById(b.getAttribute("data-for"));
    if (!input) return;
    ev.preventDefault();
    var v = parseInt(input.value, 10);
    if (isNaN(v)) v = 0;
    v += parseInt(b.getAttribute("data-step"), 10);
    var min = parseInt(input.getAttribute("data-min"), 10), max = parseInt(input.getAttribute("data-max"), 10);
    if (!isNaN(min) && v < min) v = min;
    if (!isNaN(max) && v > max) v = max;
    input.value = v;
  });
  // Unselecting a card also clears its Captain-power or buried toggle, so a
  // hidden toggle never travels with the form.
  document.addEventListener("change", function (ev) {
    var t = ev.target;
    if (!t.matches || !t.matches(".card input") || t.checked) return;
    var cell = t.closest(".cell");
    if (!cell) return;
    cell.querySelectorAll(".sub input").forEach(function (s) { s.checked = false; });
  });
  // "Clear all" empties the grid at once.
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest("[data-clear]");
    if (!a) return;
    var form = document.getElementById(a.getAttribute("data-clear"));
    if (!form) return;
    ev.preventDefault();
    form.querySelectorAll(".cell input:checked").forEach(function (c) { c.checked = false; });
    var n = document.getElementById("prefill-note");
    if (n) n.hidden = true;
  });
  // "Share" hands the result card's link to the phone's share sheet
  // (Web Share API) where there is one, else copies the link and says so;
  // without either it stays a plain link to the card.
  // Before the game has a share link, Share is a form that makes one:
  // sent in the background, it lands on the link, which is then shared
  // the same way (without JavaScript the form opens the shared card).
  // sayCopied says so beside the Share button the page shows now: making
  // the link changes the game, so the live stream may have swapped the
  // page's main in (static/live.js) while the link was being made, and
  // the button tapped, with its status, is no longer on the screen.
  var sayCopied = function () {
    var status = document.querySelector("[data-share-status]");
    if (status) status.textContent = window.ruthlessSay("link_copied");
  };
  document.addEventListener("submit", function (ev) {
    var form = ev.target.closest("form[data-share-make]");
    if (!form || !window.fetch || !(navigator.share || navigator.clipboard)) return;
    ev.preventDefault();
    fetch(form.action, { method: "POST", credentials: "same-origin", body: new URLSearchParams(new FormData(form)) })
      .then(function (r) {
        if (!r.ok || !r.redirected) throw new Error("status " + r.status);
        var title = form.getAttribute("data-share-title") || document.title, text = form.getAttribute("data-share-text") || "";
        if (navigator.share) {
          return navigator.share({ title: title, text: text, url: r.url }).catch(function () {});
        }
        return navigator.clipboard.writeText(r.url).then(sayCopied);
      })
      .catch(function () { form.submit(); });
  });
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest("a[data-share]");
    if (!a) return;
    if (navigator.share) {
      ev.preventDefault();
      navigator.share({ title: a.getAttribute("data-share-title") || document.title, text: a.getAttribute("data-share-text") || "", url: a.href })
        .catch(function () {}); // closed without sharing
      return;
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      ev.preventDefault();
      navigator.clipboard.writeText(a.href).then(sayCopied, function () { window.location.href = a.href; });
    }
  });
})();

// "About this game": the server writes the played time in the zone it was
// saved with (UTC when it never was). Show it in this phone's own zone
// instead, and send the offset this phone has on the chosen date, so the
// server reads the time as the phone meant it (handlers/about.go).
(function () {
  "use strict";
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function localValue(d) {
    return d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate()) +
      "T" + pad(d.getHours()) + ":" + pad(d.getMinutes());
  }
  document.querySelectorAll("input[data-tz-for]").forEach(function (tz) {
    var input = document.getElementById(tz.getAttribute("data-tz-for"));
    if (!input) return;
    var utc = new Date(input.getAttribute("data-utc") || "");
    // A form shown again after an error keeps what was typed.
    if (!isNaN(utc) && !input.classList.contains("invalid") && !tz.form.querySelector(".err")) {
      input.value = localValue(utc);
      tz.value = String(-utc.getTimezoneOffset());
    }
    tz.form.addEventListener("submit", function () {
      var chosen = new Date(input.value); // a datetime-local value reads as local time
      if (!isNaN(chosen)) tz.value = String(-chosen.getTimezoneOffset());
    });
  });
  // In the browser build (cmd/offline) a service worker answers every
  // page. While a page is open it is pinged now and then, so that the
  // browser keeps the worker, and the app inside it, running; and a new
  // version it installed is announced once.
  if (navigator.serviceWorker && navigator.serviceWorker.controller) {
    var sw = navigator.serviceWorker;
    var ping = function () {
      if (sw.controller && document.visibilityState === "visible") sw.controller.postMessage({ type: "ping" });
    };
    // The first ping starts the app if the worker has just started, and
    // the compile shares the phone's cores with this page: sent once the
    // page has loaded, so that the page is drawn first.
    if (document.readyState === "complete") ping();
    else window.addEventListener("load", ping);
    setInterval(ping, 20000);
    // A hidden page sends no ping (a locked phone, another app in front),
    // so the browser stops the idle worker after about 30 s. The page
    // shown again pings at once: the app starts while the player looks,
    // not at the next tap. pageshow covers a page brought back from the
    // back-forward cache, which runs no load event.
    document.addEventListener("visibilitychange", ping);
    window.addEventListener("pageshow", function (ev) { if (ev.persisted) ping(); });
    sw.addEventListener("message", function (ev) {
      if (ev.data && ev.data.type === "home-changed") {
        // This home page was the worker's copy from before the app
        // started, and the app now draws it differently (sw.js,
        // homeAtStart): the app's own, at once.
        location.reload();
        return;
      }
      if (!ev.data || ev.data.type !== "updated") return;
      var note = document.createElement("p");
      note.className = "notice";
      note.setAttribute("role", "status");
      note.setAttribute("data-testid", "updated");
      // The version itself (a build's hash) means nothing to a player.
      note.textContent = window.ruthlessSay("updated");
      var main = document.querySelector("main") || document.body;
      main.insertBefore(note, main.firstChild);
    });
  }
  // The invite page's Copy and Share buttons (hidden until the phone can
  // do what they say): Share opens the phone's own share sheet (Web Share
  // API), Copy puts the link on the clipboard and says so on the button.
  document.querySelectorAll("button[data-share]").forEach(function (b) {
    if (!navigator.share) return;
    b.hidden = false;
    b.addEventListener("click", function () {
      navigator.share({ title: b.getAttribute("data-share-title"), url: b.getAttribute("data-share") }).catch(function () {});
    });
  });
  document.querySelectorAll("button[data-copy]").forEach(function (b) {
    if (!navigator.clipboard || !window.isSecureContext) return;
    b.hidden = false;
    var label = b.textContent;
    b.addEventListener("click", function () {
      navigator.clipboard.writeText(b.getAttribute("data-copy")).then(function () {
        b.textContent = b.getAttribute("data-copied");
        setTimeout(function () { b.textContent = label; }, 2000);
      }, function () {});
    });
  });
})();

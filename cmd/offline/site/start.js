// The start page (index.html): install the service worker, which brings
// the whole app onto the phone (sw.js), show how far it got, and open the
// app once the worker controls the page. A failed install (the network
// dropped, the phone's storage refused) is said, with a button to try
// again, and tried again by itself when the network comes back.
(function () {
  "use strict";
  // make offline writes in what a first visit downloads, in bytes.
  var BYTES = Number("__DOWNLOAD_BYTES__") || 0;
  var status = document.getElementById("status");
  var size = document.getElementById("size");
  var bar = document.getElementById("bar");
  var retry = document.getElementById("retry");
  var failed = false;

  // The page's language: the one chosen in the app (its lang cookie),
  // else the first of the browser's it has words for, else English. The
  // words are the catalogues' start.* messages (start-words.js, written
  // by make offline).
  var all = self.startWords || {};
  var code = (document.cookie.match(/(?:^|; )lang=([a-z]{2})/) || [])[1];
  if (!all[code]) {
    code = (navigator.languages || [navigator.language || ""]).map(function (l) { return String(l).slice(0, 2).toLowerCase(); })
      .filter(function (l) { return all[l]; })[0] || "en";
  }
  var words = all[code] || {};
  function say(key, vals) {
    var text = words[key] || (all.en || {})[key] || key;
    Object.keys(vals || {}).forEach(function (k) { text = text.split("{" + k + "}").join(String(vals[k])); });
    return text;
  }
  if (all[code]) {
    document.documentElement.lang = code;
    Array.prototype.forEach.call(document.querySelectorAll("[data-word]"), function (el) {
      el.textContent = say(el.getAttribute("data-word"));
    });
  }

  function mb(n) { return (n / 1e6).toLocaleString(code, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) + " MB"; }
  if (BYTES > 0) {
    // A slow mobile link carries about 1.5 megabits a second.
    var seconds = Math.max(5, Math.round(BYTES * 8 / 1.5e6 / 5) * 5);
    size.textContent = say("size", { size: mb(BYTES), seconds: seconds });
  }
  function fail(msg) {
    failed = true;
    status.textContent = msg;
    status.className = "err";
    retry.hidden = false;
  }
  function again() {
    // The failed worker is gone; registering again installs a new one.
    location.reload();
  }
  retry.addEventListener("click", again);
  window.addEventListener("online", function () { if (failed) again(); });

  if (!("serviceWorker" in navigator)) {
    fail(say("no_worker"));
    retry.hidden = true;
    return;
  }
  navigator.serviceWorker.addEventListener("message", function (ev) {
    var d = ev.data || {};
    if (d.type === "progress") {
      bar.style.width = Math.round(d.done * 100) + "%";
      if (d.total) status.textContent = say("downloading", { done: mb(d.bytes), total: mb(d.total) });
      if (d.done >= 1) status.textContent = say("opening");
    }
    if (d.type === "failed") {
      fail(say("failed", { reason: d.message }));
    }
  });
  // Messages wait in a queue until the page asks for them.
  if (navigator.serviceWorker.startMessages) navigator.serviceWorker.startMessages();
  // A worker that ends "redundant" while installing failed, whether or
  // not it could say why (a download cut short, storage refused).
  function watch(worker) {
    if (!worker) return;
    worker.addEventListener("statechange", function () {
      if (worker.state === "redundant" && !navigator.serviceWorker.controller && !failed) {
        fail(say("stopped"));
      }
    });
  }
  navigator.serviceWorker.register("/sw.js").then(function (reg) {
    if (navigator.serviceWorker.controller) {
      location.replace("/");
      return;
    }
    watch(reg.installing);
    reg.addEventListener("updatefound", function () { watch(reg.installing); });
    // The first visit: the page was loaded before the worker existed, so
    // it answers this page only once it takes control (clients.claim).
    navigator.serviceWorker.addEventListener("controllerchange", function () { location.replace("/"); });
  }).catch(function (err) {
    fail(say("not_installed", { reason: err.message }));
  });
})();

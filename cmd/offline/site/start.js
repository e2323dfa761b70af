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

  function mb(n) { return (n / 1e6).toFixed(1) + " MB"; }
  if (BYTES > 0) {
    // A slow mobile link carries about 1.5 megabits a second.
    var seconds = Math.max(5, Math.round(BYTES * 8 / 1.5e6 / 5) * 5);
    size.textContent = mb(BYTES) + " to download once, about " + seconds +
      " seconds on a slow mobile connection, a few on Wi-Fi.";
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
    fail("This browser cannot run the app without a server (no service workers here, or the page is not on https or localhost).");
    retry.hidden = true;
    return;
  }
  navigator.serviceWorker.addEventListener("message", function (ev) {
    var d = ev.data || {};
    if (d.type === "progress") {
      bar.style.width = Math.round(d.done * 100) + "%";
      if (d.total) status.textContent = "Downloading the app: " + mb(d.bytes) + " of " + mb(d.total) + "…";
      if (d.done >= 1) status.textContent = "Opening the app…";
    }
    if (d.type === "failed") {
      fail("The app could not be put on this phone: " + d.message + ". Check the connection and the phone's free space, then try again.");
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
        fail("The app could not be put on this phone: the download stopped. Check the connection, then try again.");
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
    fail("The app could not be installed: " + err.message);
  });
})();

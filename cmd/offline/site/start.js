// The start page (index.html): install the service worker, which brings
// the whole app onto the phone (sw.js), then open the app it answers.
(function () {
  "use strict";
  var status = document.getElementById("status");
  var bar = document.getElementById("bar");
  function fail(msg) {
    status.textContent = msg;
    status.className = "err";
  }
  if (!("serviceWorker" in navigator)) {
    fail("This browser cannot run the app without a server (no service workers here, or the page is not on https or localhost).");
    return;
  }
  navigator.serviceWorker.addEventListener("message", function (ev) {
    if (ev.data && ev.data.type === "progress") bar.style.width = Math.round(ev.data.done * 100) + "%";
    if (ev.data && ev.data.type === "failed") fail("The app could not start: " + ev.data.message);
  });
  navigator.serviceWorker.register("/sw.js").then(function () {
    return navigator.serviceWorker.ready;
  }).then(function () {
    if (navigator.serviceWorker.controller) {
      location.replace("/");
      return;
    }
    // The first visit: the page was loaded before the worker existed, so
    // it answers this page only once it takes control (clients.claim).
    navigator.serviceWorker.addEventListener("controllerchange", function () { location.replace("/"); });
  }).catch(function (err) {
    fail("The app could not be installed: " + err.message);
  });
})();

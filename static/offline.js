// The home page's part for the browser build (views/offline.templ): ask
// the browser to keep the games, and send a game to a table server.
(function () {
  "use strict";
  var persist = document.querySelector("[data-testid=offline-persist]");
  if (persist && navigator.storage && navigator.storage.persist) {
    navigator.storage.persist().then(function (kept) {
      persist.textContent = kept ? window.ruthlessSay("persist_kept") : window.ruthlessSay("persist_may_clear");
      persist.hidden = false;
    });
  }
  // Safari on iPhones and iPads may clear a site's storage after weeks
  // unused, unless the app is on the home screen: said once.
  var iphone = document.querySelector("[data-testid=offline-iphone]");
  var apple = /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  if (iphone && apple && !navigator.standalone) {
    try {
      if (!localStorage.getItem("ruthless:iphone-note")) {
        iphone.hidden = false;
        localStorage.setItem("ruthless:iphone-note", "1");
      }
    } catch (e) { iphone.hidden = false; }
  }
  var form = document.getElementById("send-form");
  if (!form || !window.fetch) return;
  var select = form.elements.game;
  // The games listed on the page, as the home page names them.
  document.querySelectorAll("ul.games li > a").forEach(function (a) {
    var m = /^\/games\/([^/]+)$/.exec(a.getAttribute("href"));
    if (!m) return;
    var o = document.createElement("option");
    o.value = m[1];
    // The date, then the names: a list box is one line, and on a narrow
    // phone long names would push the date (what tells two evenings of
    // the same table apart) out of sight.
    var parts = [a.querySelector("time"), a.querySelector(".names")].map(function (e) {
      return e ? e.textContent.replace(/\s+/g, " ").trim() : "";
    }).filter(Boolean);
    o.textContent = parts.length ? parts.join(" — ") : a.textContent.replace(/\s+/g, " ").trim();
    select.appendChild(o);
  });
  var status = form.querySelector("[role=status]");
  // A page on https may not call a server on plain http (mixed content):
  // said as soon as such an address is typed, not after the send fails.
  // Loopback addresses are the exception: browsers count http://localhost,
  // any 127.x.x.x and [::1] as "potentially trustworthy" and let an https
  // page call them, so the warning would be wrong there.
  var mixed = form.querySelector("[data-testid=send-mixed]");
  var loopback = function (address) {
    var host;
    try { host = new URL(address).hostname; } catch (e) { return false; }
    return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
  };
  var checkMixed = function () {
    var address = form.elements.server.value.trim();
    mixed.hidden = !(location.protocol === "https:" && /^http:/i.test(address) && !loopback(address));
  };
  form.elements.server.addEventListener("input", checkMixed);
  // The game file itself, the other way to the server: the phone's share
  // sheet where it can share files, else a download.
  var download = form.querySelector("[data-testid=send-download]");
  var share = form.querySelector("[data-testid=send-share]");
  var exportURL = function () { return "/games/" + encodeURIComponent(select.value) + "/export"; };
  var pointDownload = function () { if (select.value) download.href = exportURL(); };
  select.addEventListener("change", pointDownload);
  pointDownload();
  var probe = window.File && navigator.canShare && navigator.canShare({ files: [new File(["{}"], "game.json", { type: "application/json" })] });
  if (probe) {
    share.hidden = false;
    share.addEventListener("click", function () {
      fetch(exportURL()).then(function (res) {
        if (!res.ok) throw new Error("status " + res.status);
        return res.blob();
      }).then(function (blob) {
        var file = new File([blob], "ruthless-" + select.value + ".json", { type: "application/json" });
        return navigator.share({ files: [file], title: window.ruthlessSay("game_file_title") });
      }).catch(function (err) {
        // Closing the share sheet is no failure; anything else falls back
        // to the download.
        if (!err || err.name !== "AbortError") location.href = exportURL();
      });
    });
  }
  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var server = form.elements.server.value.trim().replace(/\/+$/, "");
    var token = form.elements.token.value;
    status.textContent = window.ruthlessSay("sending");
    // The game file is this phone's export, the same file the export
    // page gives; the server stores it as POST /api/games (docs/api.md).
    fetch("/games/" + encodeURIComponent(select.value) + "/export").then(function (res) {
      if (!res.ok) throw new Error(window.ruthlessSay("export_failed", { status: res.status }));
      return res.text();
    }).then(function (file) {
      var headers = { "Content-Type": "application/json" };
      if (token) headers.Authorization = "Bearer " + token;
      return fetch(server + "/api/games", { method: "POST", headers: headers, body: file, mode: "cors", credentials: "omit" })
        .catch(function () {
          throw new Error(window.ruthlessSay("no_answer"));
        });
    }).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (body) {
        if (res.status === 401) throw new Error(window.ruthlessSay("needs_password"));
        if (!res.ok) throw new Error((body && body.error) || window.ruthlessSay("server_answered", { status: res.status }));
        status.textContent = body.id ? window.ruthlessSay("sent_as", { id: body.id }) : window.ruthlessSay("sent");
      });
    }).catch(function (err) {
      status.textContent = window.ruthlessSay("not_sent", { reason: err.message });
    });
  });
})();

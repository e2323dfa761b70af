// The home page's part for the browser build (views/offline.templ): ask
// the browser to keep the games, and send a game to a table server.
(function () {
  "use strict";
  var persist = document.querySelector("[data-testid=offline-persist]");
  if (persist && navigator.storage && navigator.storage.persist) {
    navigator.storage.persist().then(function (kept) {
      persist.textContent = kept ?
        "The browser has agreed to keep these games until you clear them." :
        "The browser may clear these games when the phone runs short of space; export the ones you want to keep.";
      persist.hidden = false;
    });
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
    o.textContent = a.textContent.replace(/\s+/g, " ").trim();
    select.appendChild(o);
  });
  var status = form.querySelector("[role=status]");
  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var server = form.elements.server.value.trim().replace(/\/+$/, "");
    var token = form.elements.token.value;
    status.textContent = "Sending…";
    // The game file is this phone's export, the same file the export
    // page gives; the server stores it as POST /api/games (docs/api.md).
    fetch("/games/" + encodeURIComponent(select.value) + "/export").then(function (res) {
      if (!res.ok) throw new Error("this phone could not export the game (" + res.status + ")");
      return res.text();
    }).then(function (file) {
      var headers = { "Content-Type": "application/json" };
      if (token) headers.Authorization = "Bearer " + token;
      return fetch(server + "/api/games", { method: "POST", headers: headers, body: file, mode: "cors", credentials: "omit" })
        .catch(function () {
          throw new Error("the server did not answer: check the address, that this phone is on its network, " +
            "and that the page and the server are both http or both https; or export the game and import the file there");
        });
    }).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (body) {
        if (res.status === 401) throw new Error("the server asks for its table password");
        if (!res.ok) throw new Error((body && body.error) || "the server answered " + res.status);
        status.textContent = "Sent: the game is on the server" + (body.id ? " as " + body.id : "") + ".";
      });
    }).catch(function (err) {
      status.textContent = "Not sent: " + err.message + ".";
    });
  });
})();

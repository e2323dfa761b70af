// Table mode: the game's pages follow the table live, a dropped
// connection loses no taps, and the screen stays on. Every page works
// without this file; a reload shows the same.
(function () {
  "use strict";

  // The screen stays on while a game is open (Screen Wake Lock, where
  // the browser has it). The lock ends when the page is hidden, so it is
  // asked for again each time the page comes back.
  if (location.pathname.indexOf("/games/") === 0 && navigator.wakeLock) {
    var wake = function () {
      if (document.visibilityState !== "visible") return;
      navigator.wakeLock.request("screen").catch(function () {});
    };
    wake();
    document.addEventListener("visibilitychange", wake);
  }

  // Live: the server streams the game's version; when it changes, the
  // page is fetched again and its live part swapped in. The game page
  // swaps its whole main (nothing is typed there) and, when the round it
  // was waiting on is complete, goes to that round's results. The entry
  // page swaps only the list of who has entered, never the form.
  var live = document.getElementById("live");
  if (live && live.getAttribute("data-live") && window.EventSource && window.fetch && window.DOMParser) {
    var onEntry = !!document.getElementById("entry");
    var version = live.getAttribute("data-version");
    var busy = false, again = false;
    var refresh = function () {
      if (busy) { again = true; return; }
      busy = true;
      fetch(location.pathname + location.search, { cache: "no-cache", credentials: "same-origin" })
        .then(function (r) {
          if (!r.ok) throw new Error("status " + r.status);
          if (r.redirected && !onEntry) { location.href = r.url; return; }
          return r.text().then(function (html) {
            var doc = new DOMParser().parseFromString(html, "text/html");
            var next = doc.getElementById("live");
            if (!next) return;
            var was = live.getAttribute("data-round"), now = next.getAttribute("data-round");
            if (!onEntry && was !== "0" && now !== was) {
              // The round this phone waited on is complete: its results.
              location.href = location.pathname.replace(/\/+$/, "") + "/rounds/" + was;
              return;
            }
            var main = document.querySelector("main"), nextMain = doc.querySelector("main");
            if (!onEntry && main && nextMain) {
              main.replaceWith(document.adoptNode(nextMain));
            } else {
              live.replaceWith(document.adoptNode(next));
            }
            live = document.getElementById("live");
          });
        })
        .catch(function () {})
        .then(function () {
          busy = false;
          if (again) { again = false; refresh(); }
        });
    };
    var es = null;
    var connect = function () {
      es = new EventSource(live.getAttribute("data-live"));
      watchSignedOut(es);
      es.addEventListener("version", function (ev) {
        if (ev.data === "gone") { es.close(); location.href = "/"; return; }
        if (ev.data === version) return;
        version = ev.data;
        refresh();
      });
    };
    connect();
    // A page left for another closes its stream: a browser keeps a page
    // in its back/forward cache with its connections, and has only six
    // for a server. Brought back, the scoreboard reloads and the entry
    // page, whose taps must stay, opens a new stream.
    window.addEventListener("pagehide", function () { if (es) es.close(); });
    window.addEventListener("pageshow", function (ev) {
      if (!ev.persisted) return;
      if (!onEntry) { location.reload(); return; }
      connect();
    });
  }

  // A dropped connection loses nothing: the entry form is saved with
  // fetch; when that fails (no Wi-Fi), the taps stay on the screen and in
  // localStorage, a notice says so, and the save is sent again when the
  // phone is back online. Any answer from the server clears the copy.
  var form = document.getElementById("entry");
  if (form && form.getAttribute("data-keep") && window.fetch && window.URLSearchParams) {
    var key = "ruthless:unsaved:" + form.getAttribute("data-keep");
    var notice = document.getElementById("unsaved");
    var pending = false;
    var keep = function () {
      var d = { cards: [], power: [], coins: form.elements.coins ? form.elements.coins.value : "0" };
      form.querySelectorAll("input[name=card]:checked").forEach(function (i) { d.cards.push(i.value); });
      form.querySelectorAll("input[name=power]:checked").forEach(function (i) { d.power.push(i.value); });
      try { localStorage.setItem(key, JSON.stringify(d)); } catch (e) { /* private mode: the screen still holds them */ }
    };
    var forget = function () {
      try { localStorage.removeItem(key); } catch (e) { /* nothing kept */ }
    };
    var restore = function () {
      var d = null;
      try { d = JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { d = null; }
      if (!d || !d.cards) return;
      form.querySelectorAll("input[name=card]").forEach(function (i) { if (!i.disabled) i.checked = d.cards.indexOf(i.value) >= 0; });
      form.querySelectorAll("input[name=power]").forEach(function (i) { i.checked = d.power.indexOf(i.value) >= 0; });
      if (form.elements.coins) form.elements.coins.value = d.coins;
      if (notice) {
        notice.textContent = "Not saved yet: these taps were kept on this phone when a save failed. Tap Save to send them.";
        notice.hidden = false;
      }
    };
    // The button that saved ("Save" or "Save & next") says where to go
    // after, so its name and value travel too, retries included.
    var via = null;
    var send = function () {
      var body = new URLSearchParams(new FormData(form));
      if (via && via.name) body.set(via.name, via.value);
      body.set("save", "1");
      fetch(form.action, { method: "POST", body: body, credentials: "same-origin" })
        .then(function (r) {
          forget();
          if (r.redirected) { location.href = r.url; return; }
          // A refusal (a clash, a conflict) is a page of its own: send the
          // form the plain way to show it.
          HTMLFormElement.prototype.submit.call(form);
        })
        .catch(function () {
          pending = true;
          if (notice) notice.hidden = false;
        });
    };
    restore();
    form.addEventListener("submit", function (ev) {
      if (ev.submitter && ev.submitter.name === "step") return;
      ev.preventDefault();
      via = ev.submitter || null;
      keep();
      send();
    });
    window.addEventListener("online", function () {
      if (!pending) return;
      pending = false;
      send();
    });
  }

  // Signed out: a stream refused for want of the password (the session
  // ended, or a password was set or changed while the page was open)
  // ends the live updates for good, and the phone must be told. The
  // server answers such a stream 401, but an EventSource hides the
  // status: any refusal (401, a game gone, a server error) just fires
  // "error" and closes it. A dropped connection fires "error" too but
  // leaves it CONNECTING, as the browser tries again; so only a closed
  // stream is asked about, with one fetch of its address whose status is
  // read and whose body is cut off at once. A 401, or a redirect to the
  // login form (an older server), means signed out. (An SSE event sent
  // with a 200 instead would be a stream to someone who may not have
  // one, kept reconnecting by any client that does not know the event.)
  function watchSignedOut(es) {
    if (!window.AbortController) return;
    es.addEventListener("error", function () {
      if (es.readyState !== EventSource.CLOSED) return;
      var stop = new AbortController();
      fetch(es.url, { headers: { Accept: "text/event-stream" }, cache: "no-store", credentials: "same-origin", signal: stop.signal })
        .then(function (r) {
          stop.abort();
          var login = r.redirected && new URL(r.url).pathname === "/login";
          if (r.status === 401 || login) showSignedOut();
        })
        .catch(function () {});
    });
  }

  function showSignedOut() {
    var main = document.querySelector("main");
    if (!main || document.getElementById("signed-out")) return;
    var note = document.createElement("p");
    note.id = "signed-out";
    note.className = "warn signedout";
    note.setAttribute("role", "alert");
    note.setAttribute("data-testid", "signed-out");
    var link = document.createElement("a");
    link.href = "/login?next=" + encodeURIComponent(location.pathname + location.search);
    link.textContent = "log in again";
    link.setAttribute("data-testid", "signed-out-login");
    note.append("Signed out — ", link);
    main.insertBefore(note, main.firstChild);
  }
})();

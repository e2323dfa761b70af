// Table mode: the game's pages follow the table live, a dropped
// connection loses no taps, and the screen stays on. Every page works
// without this file; a reload shows the same.
(function () {
  "use strict";
  // leaving is set once the page's form is on its way: the save's answer
  // decides where the phone goes, so a live update must not move it too
  // (two navigations at once abort the first).
  var leaving = false;

  // Arriving after a save. A phone that saved the round being entered
  // (or its end of the game) waits for the table, and its page moves on
  // when the round completes (below). But when the others save at the
  // same moment, the page its save leads to (the scoreboard, the entry
  // with its warning) can be drawn after the round completed: it shows
  // the next round, and nothing will move it. The save leaves a mark
  // (awaitArrival); the next page drawn, when it is a page of the game
  // drawn with that round complete, opens its results at once. The mark
  // is read once: any later page is the phone's own choice (a page drawn
  // before the round completed is moved on by its live stream).
  var ARRIVE = "ruthless:arrive";
  (function () {
    var mark = null;
    try { mark = sessionStorage.getItem(ARRIVE); } catch (e) { return; }
    if (!mark) return;
    var cut = mark.indexOf("/"), what = mark.slice(cut + 1), game = "/games/" + mark.slice(0, cut);
    var to = what === "final" ? game + "/final" : game + "/rounds/" + what;
    try { sessionStorage.removeItem(ARRIVE); } catch (e) { /* gone anyway */ }
    if (location.pathname === to || location.pathname.indexOf(game + "/") !== 0 && location.pathname !== game) {
      return;
    }
    var at = document.getElementById("live");
    if (!at || at.getAttribute("data-game") !== game || at.getAttribute("data-stay") === "true") return;
    var now = at.getAttribute("data-round");
    // The round after the one saved is being entered, or none is left:
    // the round saved is complete.
    var done = what === "final" ? at.getAttribute("data-final") === "true" :
      now !== what && (now === "0" || Number(now) === Number(what) + 1);
    if (!done) return;
    leaving = true;
    location.replace(to);
  })();

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
  // page is fetched again and its live part swapped in. The scoreboard
  // and the final scores swap their whole main (nothing is typed there);
  // other pages swap only the list of who has entered, never a form.
  // Every phone arrives together: when the round this page waited on is
  // complete, the scoreboard and that round's entry open its results;
  // when the final scores are in, every page opens them.
  var live = document.getElementById("live");
  // A page the offline app's service worker answers (docs/offline.md)
  // has no other phone to hear from: no stream is opened there.
  var alone = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
  if (live && live.getAttribute("data-live") && !alone && window.EventSource && window.fetch && window.DOMParser) {
    var swapMain = live.getAttribute("data-swap") === "main";
    var version = live.getAttribute("data-version");
    var game = live.getAttribute("data-game") || "";
    var busy = false, again = false;
    // moveOn is where the table went without this page, "" to stay.
    var moveOn = function (next) {
      // The big screen stays itself: it shows the results and the final
      // scores where it is, while the phones move on to them.
      if (live.getAttribute("data-stay") === "true") return "";
      var finalURL = game + "/final";
      if (next.getAttribute("data-final") === "true" && live.getAttribute("data-final") !== "true" &&
          location.pathname !== finalURL) {
        return finalURL;
      }
      var was = live.getAttribute("data-round"), now = next.getAttribute("data-round");
      var waitedOn = swapMain ? was : live.getAttribute("data-entry-round");
      if (was !== "0" && now !== was && waitedOn === was && location.pathname !== finalURL) {
        return game + "/rounds/" + was;
      }
      return "";
    };
    // keepOpen unfolds in the new main what the phone had unfolded in
    // the old one (the n-th details element of the same summary), so a
    // swap does not close what the player is reading.
    var keepOpen = function (from, to) {
      var was = from.querySelectorAll("details"), now = to.querySelectorAll("details");
      for (var i = 0; i < was.length && i < now.length; i++) {
        var a = was[i].querySelector("summary"), b = now[i].querySelector("summary");
        if (was[i].open && a && b && a.textContent === b.textContent) now[i].open = true;
      }
    };
    // keepSaid carries what the scripts said in the old main's status
    // lines (Share's "Link copied") into the new one, drawn without it:
    // the refresh that making the share link sets off would wipe it.
    var keepSaid = function (from, to) {
      var was = from.querySelectorAll("[data-share-status]"), now = to.querySelectorAll("[data-share-status]");
      for (var i = 0; i < was.length && i < now.length; i++) {
        if (was[i].textContent && !now[i].textContent) now[i].textContent = was[i].textContent;
      }
    };
    // swapParts brings the parts of a page with a form that name a next
    // step ("Save & next: Zoë", data-live-part) up to date; the form's
    // own fields are never touched.
    var swapParts = function (doc) {
      Array.prototype.forEach.call(document.querySelectorAll("[data-live-part]"), function (el) {
        var name = el.getAttribute("data-live-part");
        var fresh = doc.querySelector('[data-live-part="' + name + '"]');
        if (fresh) el.replaceWith(document.adoptNode(fresh));
      });
    };
    // dropStaleClashes takes away the notice of a card also in another
    // player's entry (R4.1) once that player has untapped it: the page
    // fetched again no longer marks the card as held by anyone.
    var dropStaleClashes = function (doc) {
      var lines = document.querySelectorAll(".clash-line[data-clash-card]");
      Array.prototype.forEach.call(lines, function (line) {
        var code = line.getAttribute("data-clash-card");
        var fresh = doc.querySelector('input[name="card"][value="' + code + '"]');
        if (!fresh || fresh.disabled) return;
        line.remove();
        var mine = document.querySelector('input[name="card"][value="' + code + '"]');
        var card = mine && mine.closest("label");
        if (card) {
          card.classList.remove("clash");
          var note = card.querySelector("small");
          if (note) note.remove();
        }
      });
      var box = document.querySelector('[data-testid="clash"]');
      if (box && !box.querySelector(".clash-line")) box.remove();
    };
    var refresh = function () {
      if (leaving) return;
      if (busy) { again = true; return; }
      busy = true;
      fetch(location.pathname + location.search, { cache: "no-cache", credentials: "same-origin" })
        .then(function (r) {
          if (!r.ok) throw new Error("status " + r.status);
          if (r.redirected && swapMain) { location.href = r.url; return; }
          return r.text().then(function (html) {
            if (leaving) return;
            var doc = new DOMParser().parseFromString(html, "text/html");
            var next = doc.getElementById("live");
            var to = next ? moveOn(next) : "";
            if (to) { location.href = to; return; }
            var main = document.querySelector("main"), nextMain = doc.querySelector("main");
            if (swapMain && main && nextMain) {
              keepOpen(main, nextMain);
              keepSaid(main, nextMain);
              main.replaceWith(document.adoptNode(nextMain));
            } else if (next) {
              live.replaceWith(document.adoptNode(next));
              swapParts(doc);
              dropStaleClashes(doc);
            }
            live = document.getElementById("live");
            if (!live) return;
            swapMain = live.getAttribute("data-swap") === "main";
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
      pollWhenRefused(es, game, function (v) {
        if (v === version) return;
        version = v;
        refresh();
      });
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
    // for a server. Brought back, a page with nothing typed reloads and a
    // page with a form, whose taps must stay, opens a new stream.
    window.addEventListener("pagehide", function () { if (es) es.close(); });
    window.addEventListener("pageshow", function (ev) {
      if (!ev.persisted) return;
      if (swapMain) { location.reload(); return; }
      connect();
    });
  }

  // Nothing tapped is lost. Every change to a form with data-keep (a
  // round entry, an end-of-game entry) is kept at once in localStorage,
  // per game, round and seat, until it is saved or discarded: a phone
  // that leaves the page (the scoreboard link, Back, a call) finds its
  // taps again with a notice. The draft keeps the version the form was
  // based on, so saving it over another phone's newer save still meets
  // the "keep which one" page.
  var kept = document.querySelector("form[data-keep]");
  if (kept && window.JSON) {
    var draftKey = "ruthless:draft:" + kept.getAttribute("data-keep");
    var draftNote = document.getElementById("draft");
    // state is what the player can change: the ticked boxes and the
    // numbers typed.
    var state = function () {
      var d = { on: [], values: {}, version: kept.elements.version ? kept.elements.version.value : "" };
      Array.prototype.forEach.call(kept.elements, function (el) {
        if (!el.name || el.disabled) return;
        if (el.type === "checkbox") { if (el.checked) d.on.push(el.name + "=" + el.value); }
        else if (el.type === "text" || el.type === "number") d.values[el.name] = el.value;
      });
      d.on.sort();
      return d;
    };
    var same = function (x, y) {
      return JSON.stringify([x.on, x.values]) === JSON.stringify([y.on, y.values]);
    };
    var apply = function (d) {
      Array.prototype.forEach.call(kept.elements, function (el) {
        if (!el.name || el.disabled) return;
        if (el.type === "checkbox") el.checked = d.on.indexOf(el.name + "=" + el.value) >= 0;
        else if ((el.type === "text" || el.type === "number") && el.name in d.values) el.value = d.values[el.name];
      });
      if (kept.elements.version && d.version !== "") kept.elements.version.value = d.version;
      // The live best party and anything else that follows the taps.
      kept.dispatchEvent(new Event("change", { bubbles: true }));
    };
    // On the phone with no server the worker keeps the draft too, in
    // IndexedDB (cmd/offline/site/sw.js, "Drafts"): localStorage reaches
    // the disk only seconds after a tap, and a browser killed meanwhile
    // would lose the last taps. The form's data-draft-kept is the time of
    // the last draft the worker has on disk.
    var worker = alone && window.MessageChannel ? navigator.serviceWorker.controller : null;
    var toWorker = function (msg, then) {
      if (!worker) return;
      // The worker that controls the page now: after an update the one
      // that drew the page is gone, and a message to it is never
      // answered (the taps would stay unkept in IndexedDB).
      var now = navigator.serviceWorker.controller || worker;
      var ch = new MessageChannel();
      ch.port1.onmessage = function (ev) { if (then) then(ev.data || {}); };
      try { now.postMessage(msg, [ch.port2]); } catch (e) { /* localStorage still has it */ }
    };
    var read = function () {
      try { return JSON.parse(localStorage.getItem(draftKey) || "null"); } catch (e) { return null; }
    };
    var forget = function () {
      try { localStorage.removeItem(draftKey); } catch (e) { /* nothing kept */ }
      toWorker({ type: "draft", key: draftKey, draft: null });
    };
    var shown = state();
    // sent stops the keeping once the form is on its way: the page is
    // then left on purpose, and the answer decides.
    var sent = false;
    var keep = function () {
      if (sent) return;
      var now = state();
      if (same(now, shown)) { forget(); return; }
      now.at = Date.now();
      try { localStorage.setItem(draftKey, JSON.stringify(now)); } catch (e) { /* private mode: the screen still holds them */ }
      toWorker({ type: "draft", key: draftKey, draft: now }, function (a) {
        if (a.ok) kept.setAttribute("data-draft-kept", String(now.at));
      });
    };
    // restore puts draft d on the screen, unless it is what the page shows.
    var restore = function (d) {
      if (!d || !d.on || !d.values || same(d, shown)) return false;
      apply(d);
      if (draftNote) draftNote.hidden = false;
      return true;
    };
    var draft = read();
    var restored = restore(draft);
    if (!restored && !worker) forget();
    if (worker) {
      // The worker's copy is newer when the browser was killed before
      // localStorage wrote the last taps; it is taken only while the
      // player has tapped nothing since the page came.
      var before = state();
      toWorker({ type: "draft-get", key: draftKey }, function (a) {
        var w = a.draft;
        if (w && (!draft || (w.at || 0) > (draft.at || 0)) && same(state(), before)) {
          if (restore(w)) keep();
          else if (!restored) forget();
        } else if (!restored) {
          forget();
        }
      });
    }
    var discard = document.getElementById("discard-draft");
    if (discard) {
      discard.addEventListener("click", function () {
        apply(shown);
        forget();
        if (draftNote) draftNote.hidden = true;
      });
    }
    kept.addEventListener("change", keep);
    kept.addEventListener("input", keep);
    // − / + and "Clear all" change the form without an event of their
    // own; their click has done its work by the next turn.
    document.addEventListener("click", function () { setTimeout(keep, 0); });
    window.addEventListener("pagehide", keep);
    // A plain save (the end-of-game form, or any form without fetch)
    // clears the draft as it goes; a failed one leaves the taps on the
    // page the browser keeps for Back.
    var plain = !(kept.id === "entry" && window.fetch && window.URLSearchParams);
    // awaitArrival marks a save of the round being entered, or of the
    // end of the game, for the page it leads to (see ARRIVE above).
    var awaitArrival = function () {
      var parts = kept.getAttribute("data-keep").split("/"), at = document.getElementById("live");
      if (parts[1] !== "final" && !(at && at.getAttribute("data-round") === parts[1])) return;
      try { sessionStorage.setItem(ARRIVE, parts[0] + "/" + parts[1]); } catch (e) { /* the page's own updates still move it */ }
    };
    kept.addEventListener("submit", function (ev) {
      if (ev.submitter && ev.submitter.name === "step") return;
      if (draftNote) draftNote.hidden = true;
      leaving = true;
      awaitArrival();
      if (plain) { forget(); sent = true; }
    });

    // A dropped connection loses nothing either: the round entry is
    // saved with fetch; when that fails (no Wi-Fi), the taps stay on the
    // screen and in the draft, a notice says so, and the save is sent
    // again when the phone is back online. Any answer from the server
    // clears the draft.
    var notice = document.getElementById("unsaved");
    var full = document.getElementById("storage-full");
    var pending = false;
    // The button that saved ("Save" or "Save & next") says where to go
    // after, so its name and value travel too, retries included.
    var via = null;
    var send = function () {
      var body = new URLSearchParams(new FormData(kept));
      if (via && via.name) body.set(via.name, via.value);
      body.set("save", "1");
      fetch(kept.action, { method: "POST", body: body, credentials: "same-origin" })
        .then(function (r) {
          if (alone && r.status === 503) {
            // On the phone with no server a 503 is this phone's own
            // storage refusing the save (full, or taken away): the entry
            // stays on the screen and in the draft, and is tried again.
            leaving = false;
            pending = true;
            if (full) full.hidden = false;
            clearTimeout(retryTimer);
            retryTimer = setTimeout(retry, RETRY_MS);
            return;
          }
          forget();
          sent = true;
          if (r.redirected) { location.href = r.url; return; }
          // A refusal (a clash, a conflict) is a page of its own: send the
          // form the plain way to show it.
          HTMLFormElement.prototype.submit.call(kept);
        })
        .catch(function () {
          leaving = false;
          pending = true;
          if (notice) notice.hidden = false;
          // The browser's "online" event is not enough: a phone whose
          // Wi-Fi stays up while the server is out of reach never goes
          // offline, so the save is also tried again every few seconds.
          clearTimeout(retryTimer);
          retryTimer = setTimeout(retry, RETRY_MS);
        });
    };
    var RETRY_MS = 4000;
    var retryTimer = 0;
    var retry = function () {
      if (!pending) return;
      pending = false;
      clearTimeout(retryTimer);
      // On its way again: the answer decides where the phone goes. A
      // save that completes the round also wakes this page's live stream,
      // whose move to the results must not beat the answer (the page
      // would go without forgetting the draft, and keep it on its way).
      leaving = true;
      send();
    };
    if (!plain) {
      kept.addEventListener("submit", function (ev) {
        if (ev.submitter && ev.submitter.name === "step") return;
        ev.preventDefault();
        via = ev.submitter || null;
        keep();
        send();
      });
      window.addEventListener("online", retry);
    }
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

  // Polling instead: a stream refused because this address holds as many
  // as it may (429) or the server as many as it allows (503), or replaced
  // by this phone's newer stream for the game (event "replaced"), leaves
  // the page to ask the game page every 5 s whether the game changed. The
  // ask is a conditional GET, answered 304 while nothing did; a new ETag
  // carries the game's new version (its first part). The refusal's status
  // is learnt as watchSignedOut learns it. One poller a page.
  function pollWhenRefused(es, pageURL, changed) {
    if (!pageURL || !window.AbortController) return;
    var poll = function () {
      es.close();
      if (pollWhenRefused.timer) return;
      var tag = null;
      var ask = function () {
        if (document.hidden) return;
        fetch(pageURL, { headers: tag ? { "If-None-Match": tag } : {}, cache: "no-store", credentials: "same-origin" })
          .then(function (r) {
            var t = r.headers.get("ETag"), v = t && /"([0-9a-f]+)-/.exec(t);
            if (r.status !== 200 || !v) return;
            tag = t;
            changed(v[1]);
          })
          .catch(function () {});
      };
      pollWhenRefused.timer = setInterval(ask, 5000);
      ask();
    };
    es.addEventListener("replaced", poll);
    es.addEventListener("error", function () {
      if (es.readyState !== EventSource.CLOSED) return;
      var stop = new AbortController();
      fetch(es.url, { headers: { Accept: "text/event-stream" }, cache: "no-store", credentials: "same-origin", signal: stop.signal })
        .then(function (r) {
          stop.abort();
          if (r.status === 429 || r.status === 503) poll();
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
    link.textContent = window.ruthlessSay("log_in_again");
    link.setAttribute("data-testid", "signed-out-login");
    note.append(window.ruthlessSay("signed_out") + " ", link);
    main.insertBefore(note, main.firstChild);
  }
})();

// The round-entry page's bar shows the best party of the cards tapped,
// live: each tap (a card, a Captain's power) asks the server's exact
// solver, a moment after the last one, and the answer reads
// "16  straight flush 2-3-4 ♥ + pair of 6s". When the server cannot
// answer (offline, busy), the last answer stays, marked as not up to
// date. Without this file the page works the same, without that line.
(function () {
  "use strict";
  var out = document.getElementById("liveparty");
  var form = document.getElementById("entry");
  if (!out || !form || !window.fetch || !window.JSON) return;
  var strength = out.querySelector(".strength"), sets = out.querySelector(".sets");
  var solveAt = out.getAttribute("data-solve");
  // A tap sends nothing at once: a quick run of taps is one request.
  var settle = 250;
  var timer = null, asked = 0, known = false, inFlight = null;

  // The page's words for the line, in its language (data-words, from the
  // catalogue); English when the page gives none.
  var WORDS = {};
  try { WORDS = JSON.parse(out.getAttribute("data-words") || "{}"); } catch (e) { WORDS = {}; }
  function say(key, fallback, vals) {
    var t = WORDS[key] || fallback;
    Object.keys(vals || {}).forEach(function (k) { t = t.split("{" + k + "}").join(vals[k]); });
    return t;
  }
  // The sprite's symbol and the plural name of each suit letter.
  var SUITS = { A: ["anchor", say("suit_A", "Anchors")], H: ["heart", say("suit_H", "Hearts")], K: ["kraken", say("suit_K", "Krakens")], X: ["skull", say("suit_X", "Skulls")], S: ["swords", say("suit_S", "Swords")] };
  var RANKS = "1234567QC";

  // pool is the cards tapped, as codes; a Captain whose power is used
  // this round is "SC*" (R1.5).
  function pool() {
    var power = {}, codes = [];
    form.querySelectorAll("input[name=power]:checked").forEach(function (i) { power[i.value] = true; });
    form.querySelectorAll("input[name=card]:checked").forEach(function (i) {
      codes.push(power[i.value] ? i.value + "*" : i.value);
    });
    return codes;
  }

  // identity is what a card of a set stands for: a wild's chosen card,
  // else the card itself.
  function identity(pc) { return (pc.as || pc.card).replace("*", ""); }

  function ranksOf(set) {
    return set.cards.map(function (pc) { return identity(pc).charAt(1); })
      .sort(function (a, b) { return RANKS.indexOf(a) - RANKS.indexOf(b); });
  }

  // suitMark is a suit drawn from the page's sprite (never an emoji
  // font), read out by screen readers as "in Hearts".
  function suitMark(letter) {
    var ns = "http://www.w3.org/2000/svg", s = SUITS[letter] || ["", letter];
    var frag = document.createDocumentFragment();
    var svg = document.createElementNS(ns, "svg"), use = document.createElementNS(ns, "use");
    svg.setAttribute("class", "sym s" + letter);
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    use.setAttribute("href", "#sym-" + s[0]);
    svg.appendChild(use);
    var said = document.createElement("span");
    said.className = "vh";
    said.textContent = say("in_suit", " in {suit}", { suit: s[1] });
    frag.appendChild(document.createTextNode("\u2009"));
    frag.appendChild(svg);
    frag.appendChild(said);
    return frag;
  }

  // words writes one set in short words into el: "pair of 6s",
  // "straight 2-3-4", "straight flush 2-3-4 ♥", "flush of 4 ♥".
  function words(set, el) {
    var ranks = ranksOf(set), n = ranks.length;
    var suit = identity(set.cards[0]).charAt(0);
    var text;
    switch (set.kind) {
      case "group": text = say(["", "", "pair", "three", "four", "five"][n] || "many", "{n} × {rank}s", { n: n, rank: ranks[0] }); break;
      case "straight": text = say("straight", "straight {ranks}", { ranks: ranks.join("-") }); break;
      case "straight_flush": text = say("straight_flush", "straight flush {ranks}", { ranks: ranks.join("-") }); break;
      case "flush": text = say("flush", "flush of {n}", { n: n }); break;
      case "full_ship": text = say("full_ship", "full ship"); break;
      default: text = set.kind;
    }
    el.appendChild(document.createTextNode(text));
    if (set.kind === "flush" || set.kind === "straight_flush") el.appendChild(suitMark(suit));
  }

  function show(party) {
    strength.textContent = String(party.strength);
    sets.textContent = "";
    if (!party.sets || party.sets.length === 0) {
      sets.textContent = say("none", "no set");
    }
    (party.sets || []).forEach(function (set, i) {
      if (i > 0) sets.appendChild(document.createTextNode(" + "));
      words(set, sets);
    });
    known = true;
    out.hidden = false;
    out.classList.remove("stale");
    out.removeAttribute("aria-busy");
  }

  // stale keeps the last answer on screen, marked as not up to date.
  function stale() {
    out.removeAttribute("aria-busy");
    if (!known) return;
    out.classList.add("stale");
  }

  function ask() {
    timer = null;
    var mine = ++asked;
    if (inFlight && window.AbortController) inFlight.abort();
    var opts = { credentials: "same-origin", headers: { Accept: "application/json" } };
    if (window.AbortController) {
      inFlight = new AbortController();
      opts.signal = inFlight.signal;
    }
    fetch(solveAt + "?cards=" + encodeURIComponent(pool().join(",")), opts)
      .then(function (r) {
        if (!r.ok) throw new Error("status " + r.status);
        return r.json();
      })
      .then(function (party) {
        if (mine === asked && typeof party.strength === "number") show(party);
        else if (mine === asked) stale();
      })
      .catch(function (err) {
        if (mine === asked && !(err && err.name === "AbortError")) stale();
      });
  }

  function later() {
    if (timer) clearTimeout(timer);
    if (known) out.setAttribute("aria-busy", "true");
    timer = setTimeout(ask, settle);
  }

  form.addEventListener("change", function (ev) {
    var t = ev.target;
    if (t && (t.name === "card" || t.name === "power")) later();
  });
  // "Clear all" (app.js) unticks the cards without change events.
  document.addEventListener("click", function (ev) {
    if (ev.target.closest && ev.target.closest("[data-clear]")) later();
  });
  window.addEventListener("online", later);

  // The recruit advisor opens on the cards tapped now, not on those the
  // page was drawn with: the pool, and as this round's recruits made
  // (R4.3, at most 3) its pirates the player entered in no earlier round
  // (data-known).
  var advisor = document.querySelector("a[data-known]");
  if (advisor && window.URL) {
    advisor.addEventListener("click", function () {
      var known = advisor.getAttribute("data-known").split(","), cards = pool(), fresh = 0;
      cards.forEach(function (c) { if (known.indexOf(c.replace("*", "")) < 0) fresh++; });
      var u = new URL(advisor.href);
      if (cards.length) u.searchParams.set("cards", cards.join(","));
      else u.searchParams.delete("cards");
      if (fresh) u.searchParams.set("recruited", String(Math.min(fresh, 3)));
      else u.searchParams.delete("recruited");
      advisor.href = u.pathname + u.search.replace(/%2C/g, ",").replace(/%2A/g, "*") + u.hash;
    });
  }
  // The line takes its room in the bar at once, marked busy until the
  // first answer: drawn only when that came, it pushed Save two lines
  // down under a thumb already on its way, and the tap fell on the words
  // (TestSaveStaysPutWhenThePartyArrives). The stylesheet gives it two
  // lines, what most parties take, so that later answers leave Save be.
  out.hidden = false;
  out.setAttribute("aria-busy", "true");
  // The pool shown at load: pre-filled, saved, or kept from a failed save.
  ask();
})();

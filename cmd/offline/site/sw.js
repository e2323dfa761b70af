// The service worker: it keeps the site's files in the cache and runs the
// whole app (the WebAssembly build of cmd/offline) inside itself, so that
// every page and API request is answered on the phone with no network.
// docs/offline.md explains the design.
"use strict";

// make offline writes the version and the size of the compressed app in
// (scripts/offline.sh); a new version makes a new worker, which the
// browser installs on the next start.
const VERSION = "__VERSION__";
const GZ_BYTES = Number("__GZ_BYTES__") || 0;
const CACHE = "ruthless-" + VERSION;
// The files the static host serves and the worker answers from the cache.
const FILES = ["/index.html", "/start.js", "/start-words.js", "/wasm_exec.js",
  "/manifest.webmanifest", "/icon.svg", "/icon-192.png", "/icon-512.png"];
// The app as downloaded (gzip, any static host serves it as it is) and
// as kept: unpacked once at install, under a URL of its own with the
// WebAssembly content type, so that every start compiles it straight from
// the cache, streaming, with nothing to unpack. No start reuses an earlier
// one's compiled code: Chromium attaches its code cache to what fetch()
// returns, never to what cache.match() returns, and the worker cannot
// fetch through itself (docs/offline.md, "How a request is answered").
const WASM_GZ = "/app.wasm.gz";
const WASM = "/app.wasm";
const META = "ruthless-meta";

importScripts("/wasm_exec.js", "/start-words.js");

self.addEventListener("install", (ev) => {
  ev.waitUntil(install().catch(async (err) => {
    // The install fails and the browser drops this worker; the start page
    // says why and offers to try again.
    await tell({ type: "failed", message: err.message || String(err) });
    throw err;
  }));
});

async function install() {
  const cache = await caches.open(CACHE);
  // no-cache: a new version must not be put together from an HTTP
  // cache's older files.
  await cache.addAll(FILES.map((f) => new Request(f, { cache: "no-cache" })));
  await cache.put(WASM, await download());
  await tell({ type: "progress", done: 1 });
  // A new version waits for no open page: the pages of the old one ask
  // the same routes, and the games' format is the same.
  await self.skipWaiting();
}

// download fetches the compressed app, telling the start page how far it
// got, and unpacks it into a Response the cache can keep.
async function download() {
  const res = await fetch(new Request(WASM_GZ, { cache: "no-cache" }));
  if (!res.ok) throw new Error("the app's file did not load (" + res.status + ")");
  const total = Number(res.headers.get("Content-Length")) || GZ_BYTES;
  let got = 0, told = 0;
  const counted = res.body.pipeThrough(new TransformStream({
    transform(chunk, ctl) {
      got += chunk.byteLength;
      // Every 2% or so: each message wakes the page.
      if (total > 0 && got - told > total / 50) {
        told = got;
        tell({ type: "progress", done: Math.min(got / total, 0.99), bytes: got, total: total });
      }
      ctl.enqueue(chunk);
    },
  }));
  const unpacked = counted.pipeThrough(new DecompressionStream("gzip"));
  // Read whole before it goes in the cache, so that a download cut short
  // fails here rather than leaving half a file behind.
  const body = await new Response(unpacked).arrayBuffer();
  return new Response(body, { headers: { "Content-Type": "application/wasm" } });
}

// tell posts a message to every page of the site, the start page (which
// the worker does not control yet) included.
async function tell(msg) {
  const pages = await self.clients.matchAll({ includeUncontrolled: true, type: "window" });
  for (const p of pages) p.postMessage(msg);
}

self.addEventListener("activate", (ev) => {
  ev.waitUntil((async () => {
    const old = (await caches.keys()).filter((k) => k.startsWith("ruthless-") && k !== CACHE && k !== META);
    await Promise.all(old.map((k) => caches.delete(k)));
    if (old.length > 0) {
      // The next page the app draws says "Updated" once (message below).
      const meta = await caches.open(META);
      await meta.put("/updated", new Response(VERSION));
    }
    await self.clients.claim();
  })());
});

// app is the promise of the running app's request function; null until a
// request needs it, or after it failed or exited.
let app = null;
let started = null;

function start() {
  if (app) return app;
  app = (async () => {
    const cache = await caches.open(CACHE);
    let wasm = await cache.match(WASM);
    if (!wasm) {
      // The browser dropped the entry (storage pressure): fetch it again.
      await cache.put(WASM, await download());
      wasm = await cache.match(WASM);
    }
    const ready = new Promise((resolve, reject) => {
      self.ruthlessReady = { resolve: resolve, reject: (msg) => reject(new Error(msg)) };
    });
    const go = new Go();
    const t0 = performance.now();
    // Compiled from the cache's own Response, streaming.
    const { instance } = await WebAssembly.instantiateStreaming(wasm, go.importObject);
    const t1 = performance.now();
    go.run(instance).finally(() => { app = null; });
    await ready;
    // How long this start took, for the measurements (the "stats" message).
    // Go's own marks: its main began (the runtime and every package
    // initialised), the games read, the app built (cmd/offline/main.go).
    const m = self.ruthlessStartMarks || {};
    const at = (k) => (m[k] === undefined ? -1 : Math.round(m[k] - t0));
    started = { compileMs: Math.round(t1 - t0), mainMs: at("main"), storeMs: at("store"), appMs: at("app"), readyMs: Math.round(performance.now() - t0) };
    return self.ruthlessServe;
  })();
  app.catch(() => { app = null; });
  return app;
}

self.addEventListener("fetch", (ev) => {
  const url = new URL(ev.request.url);
  if (url.origin !== self.location.origin || url.pathname === "/sw.js" || url.pathname === WASM_GZ) return;
  if (FILES.includes(url.pathname)) {
    ev.respondWith(caches.match(url.pathname).then((r) => r || fetch(ev.request)));
    return;
  }
  if (url.pathname.startsWith("/static/") && ev.request.method === "GET") {
    ev.respondWith(staticFile(ev.request));
    return;
  }
  if (app === null && isHome(ev.request)) {
    ev.respondWith(homeAtStart(ev));
    return;
  }
  ev.respondWith(viaApp(ev.request));
});

// The home page at a cold start. Starting the app (compiling the
// WebAssembly, then Go's start) takes most of a second even on a fast
// phone, and the home page is what a player opening the app waits for.
// So the worker keeps the home page as the app last drew it, and answers
// it from there when the app is not running yet; the page's first ping
// then starts the app. It is right as long as no game changed since: every request
// that may write (anything but GET and HEAD) drops the copy before the app
// sees it, and a copy is only kept for the language it was drawn in. What
// changes with time alone (the days a deleted game stays in the trash) is
// caught by drawing the page again once the app runs (the page's first
// ping starts it): should it differ, the page is told to load again
// (tellHomeChanged, and static/app.js).
const HOME = "/home-as-drawn";
// homeShown is the copy last given to a page, until the app has drawn
// the home page again to compare (tellHomeChanged).
let homeShown = null;
let homesFromCopy = 0;
// writes counts the requests that may have written, so that a home page
// drawn while one was under way is not kept (it may be the older one).
let writes = 0;

function isHome(req) {
  const url = new URL(req.url);
  return req.method === "GET" && req.mode === "navigate" && url.pathname === "/" && url.search === "";
}

async function homeKey(req) {
  return (await language()) + "|" + (navigator.languages || []).join(",");
}

async function homeAtStart(ev) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(HOME);
  if (!kept || kept.headers.get("X-Home-Key") !== await homeKey(ev.request)) return viaApp(ev.request);
  homesFromCopy++;
  // The app is started by the page's first ping (static/app.js), not
  // here: Go's start runs on this worker's thread, and the page's own
  // stylesheet and scripts, which this worker answers too, would wait
  // behind it.
  homeShown = { url: ev.request.url, body: await kept.clone().text() };
  const headers = new Headers(kept.headers);
  headers.delete("X-Home-Key");
  // The timing of the draw the copy came from means nothing now.
  headers.delete("Server-Timing");
  return new Response(kept.body, { status: 200, headers: headers });
}

// checkHome draws the home page again, keeps it, and says whether it
// differs from the copy the page was given.
async function checkHome(shown) {
  const res = await viaApp(new Request(shown.url, { headers: { Accept: "text/html" } }));
  return res.ok && (await res.text()) !== shown.body;
}

// keepHome keeps the app's answer to the home page for the next cold
// start (res is not consumed).
async function keepHome(req, res) {
  const headers = new Headers(res.headers);
  headers.set("X-Home-Key", await homeKey(req));
  const cache = await caches.open(CACHE);
  await cache.put(HOME, new Response(res.body, { status: 200, headers: headers })).catch(() => {});
}

async function forgetHome() {
  writes++;
  await (await caches.open(CACHE)).delete(HOME).catch(() => {});
}

// staticFile answers the app's stylesheet, scripts and icons. Their names
// carry a hash of their contents (static/static.go), so once the app has
// served one it is kept in the cache and answered from there, without
// waking the Go side again.
async function staticFile(req) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(req, { ignoreSearch: true });
  if (hit) return hit;
  const res = await viaApp(req);
  // Storage refused (full): the file is answered all the same.
  if (res.ok) await cache.put(req, res.clone()).catch(() => {});
  return res;
}

// served counts the requests the app (the Go side) answered, by method
// and path, since the worker started or the last "stats" message: the
// browser test reads it to check that a tap costs one page.
let served = {};

// followed is the page a save's redirect leads to, drawn once: a save
// sent with fetch (static/live.js) follows the 303 and then opens the
// page it landed on, and both would otherwise have the app draw it.
// Kept a few seconds, for that one page.
let followed = null;
const FOLLOWED_MS = 5000;

// How many of the phone's requests are waiting for the app (its start
// included) or in it. The app's warm-up (cmd/offline/warm.go) draws
// nothing while any is: on a slow phone the steps between the app being
// ready and it seeing a request that waited for its start took longer
// than the warm-up's quiet spell, and the request then waited behind it.
self.ruthlessWaiting = 0;

async function viaApp(req) {
  self.ruthlessWaiting++;
  try {
    return await answer(req);
  } finally {
    self.ruthlessWaiting--;
  }
}

async function answer(req) {
  const began = performance.now();
  let serve;
  try {
    serve = await start();
  } catch (err) {
    return new Response(say(await language(), "cannot_start", { reason: err.message }) + "\n",
      { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5" } });
  }
  if (req.method === "GET" && followed && followed.url === req.url && Date.now() - followed.at < FOLLOWED_MS) {
    const res = followed.res;
    // The fetch that followed the redirect reads it, then the page opens
    // it: the page's own navigation is its last use.
    if (req.mode === "navigate") followed = null;
    return asResponse(req, res, began);
  }
  const reads = req.method === "GET" || req.method === "HEAD";
  // Any write may change the home page: its copy goes before the app
  // sees the request, so that no later cold start shows the old one.
  if (!reads) await forgetHome();
  const gen = writes;
  const body = reads ? null : new Uint8Array(await req.arrayBuffer());
  const res = await serveCounted(serve, { method: req.method, url: req.url, headers: await withLanguage(req), body: body });
  if (req.method === "GET" && res.status === 200 && gen === writes && new URL(req.url).pathname === "/" && new URL(req.url).search === "") {
    await keepHome(req, asResponse(req, res));
  }
  followed = null;
  if (req.method === "POST" && req.mode !== "navigate" && res.status >= 301 && res.status <= 303) {
    const to = res.headers.find(([k]) => k.toLowerCase() === "location");
    if (to) {
      const url = new URL(to[1], req.url).href;
      // The GET the redirect makes: the POST's headers, less the body's.
      const headers = (await withLanguage(req)).filter(([k]) => !["content-type", "content-length", "origin"].includes(k.toLowerCase()));
      const next = await serveCounted(serve, { method: "GET", url: url, headers: headers, body: null });
      followed = { url: url, res: next, at: Date.now() };
    }
  }
  return asResponse(req, res, began);
}

// The language the pages speak on this phone. A worker sees neither the
// page's cookies nor the Accept-Language the browser would send, so it
// keeps the choice made with ?lang= in its own cache (a worker is stopped
// and started again at the browser's will) and hands the app the
// browser's languages itself; the app then picks as a server would
// (handlers/language.go).
let chosen;

async function language() {
  if (chosen === undefined) {
    const kept = await (await caches.open(META)).match("/lang");
    chosen = kept ? await kept.text() : "";
  }
  return chosen;
}

async function withLanguage(req) {
  const asked = new URL(req.url).searchParams.get("lang");
  if (asked && /^[a-z]{2}$/i.test(asked) && asked.toLowerCase() !== await language()) {
    chosen = asked.toLowerCase();
    await (await caches.open(META)).put("/lang", new Response(chosen));
  }
  const headers = [...req.headers].filter(([k]) => !["accept-language", "cookie"].includes(k.toLowerCase()));
  headers.push(["Accept-Language", (navigator.languages || [navigator.language || "en"]).join(", ")]);
  if (await language()) headers.push(["Cookie", "lang=" + chosen]);
  return headers;
}

// say is a worker's message in the phone's language (start-words.js).
function say(code, key, vals) {
  const all = self.startWords || {};
  const first = (navigator.languages || []).map((l) => String(l).slice(0, 2).toLowerCase()).find((l) => all[l]);
  const words = all[code] || all[first] || all.en || {};
  let text = words[key] || (all.en || {})[key] || key;
  for (const [k, v] of Object.entries(vals || {})) text = text.split("{" + k + "}").join(String(v));
  return text;
}

async function serveCounted(serve, r) {
  const key = r.method + " " + new URL(r.url).pathname;
  served[key] = (served[key] || 0) + 1;
  return serve(r);
}

// asResponse makes the app's answer a Response. Given when the worker
// began on the request, it says how long the worker took in all beside
// the app's own share (Server-Timing, which the page's navigation timing
// shows: the measurements read it).
function asResponse(req, res, began) {
  const empty = req.method === "HEAD" || res.status === 204 || res.status === 304;
  const headers = new Headers(res.headers);
  if (began !== undefined) headers.append("Server-Timing", "worker;dur=" + (performance.now() - began).toFixed(1));
  return new Response(empty ? null : res.body, { status: res.status, headers: headers });
}

self.addEventListener("message", (ev) => {
  const data = ev.data || {};
  if (data.type === "ping") {
    // Each message keeps the worker alive a while longer; the ping also
    // starts the app if the browser had stopped it, before the next tap.
    // A home page about to load again hears of an update on its next ping.
    ev.waitUntil(start().then(async () => {
      if (!(await tellHomeChanged(ev.source))) await tellUpdated(ev.source);
    }, () => {}));
  }
  if ((data.type === "draft" || data.type === "draft-get") && ev.ports[0]) {
    ev.waitUntil(draftMessage(data, ev.ports[0]));
  }
  if (data.type === "stats" && ev.source) {
    ev.source.postMessage({ type: "stats", served: served, started: started, homesFromCopy: homesFromCopy });
    if (data.reset) served = {};
  }
});

// tellHomeChanged tells the home page, drawn from the worker's copy at a
// cold start, that the app drew it differently once it ran: the page
// loads again (static/app.js), and gets the app's.
async function tellHomeChanged(client) {
  if (!homeShown || !client || new URL(client.url).pathname !== "/") return false;
  const shown = homeShown;
  homeShown = null;
  if (!await checkHome(shown).catch(() => false)) return false;
  client.postMessage({ type: "home-changed" });
  return true;
}

// tellUpdated tells a page, once, that a new version took over.
async function tellUpdated(client) {
  const meta = await caches.open(META);
  const mark = await meta.match("/updated");
  if (!mark || !client) return;
  await meta.delete("/updated");
  client.postMessage({ type: "updated", version: await mark.text() });
}

// Drafts: the taps of an entry not saved yet (static/live.js), kept here
// in IndexedDB as well as in the page's localStorage. Chrome writes
// localStorage to disk only seconds after a tap, so a browser killed in
// between (the phone's memory short, the app swiped away) lost the last
// taps; an IndexedDB transaction is on disk once it completes, and the
// page hears of it. Their own database: the app's ("ruthless") belongs
// to the Go side.
const DRAFTS = "ruthless-drafts";
let draftsDB = null;

function openDrafts() {
  if (!draftsDB) {
    draftsDB = new Promise((resolve, reject) => {
      const req = indexedDB.open(DRAFTS, 1);
      req.onupgradeneeded = () => req.result.createObjectStore("drafts");
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    draftsDB.catch(() => { draftsDB = null; });
  }
  return draftsDB;
}

// draftTx runs op on the drafts' store and resolves with its request's
// result once the transaction is complete (on disk).
async function draftTx(mode, op) {
  const db = await openDrafts();
  return new Promise((resolve, reject) => {
    const tx = db.transaction("drafts", mode);
    const req = op(tx.objectStore("drafts"));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = tx.onabort = () => reject(tx.error || new Error("the draft was not kept"));
  });
}

// draftMessage keeps ({type: "draft", key, draft}; draft null forgets
// it) or reads ({type: "draft-get", key}) a draft and answers on port:
// {ok} or {draft}. Storage refused answers ok false: the page still has
// the taps on the screen and in localStorage.
async function draftMessage(data, port) {
  try {
    if (data.type === "draft-get") {
      port.postMessage({ draft: (await draftTx("readonly", (s) => s.get(data.key))) || null });
    } else if (data.draft) {
      await draftTx("readwrite", (s) => s.put(data.draft, data.key));
      port.postMessage({ ok: true });
    } else {
      await draftTx("readwrite", (s) => s.delete(data.key));
      port.postMessage({ ok: true });
    }
  } catch (err) {
    port.postMessage({ ok: false, draft: null });
  }
}

// The service worker: it keeps the site's files in the cache and runs the
// whole app (the WebAssembly build of cmd/offline) inside itself, so that
// every page and API request is answered on the phone with no network.
// docs/offline.md explains the design.
"use strict";

// make offline writes the version in (scripts/offline.sh); a new version
// makes a new worker, which the browser installs on the next start.
const VERSION = "__VERSION__";
const CACHE = "ruthless-" + VERSION;
// The files the static host serves; everything else is the app's.
const FILES = ["/index.html", "/start.js", "/wasm_exec.js", "/app.wasm.gz",
  "/manifest.webmanifest", "/icon.svg", "/icon-192.png", "/icon-512.png"];
const META = "ruthless-meta";

importScripts("/wasm_exec.js");

self.addEventListener("install", (ev) => {
  ev.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // no-cache: a new version must not be put together from an HTTP
    // cache's older files.
    await cache.addAll(FILES.map((f) => new Request(f, { cache: "no-cache" })));
    // A new version waits for no open page: the pages of the old one ask
    // the same routes, and the games' format is the same.
    await self.skipWaiting();
  })());
});

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

function start() {
  if (app) return app;
  app = (async () => {
    const cache = await caches.open(CACHE);
    const gz = (await cache.match("/app.wasm.gz")) || (await fetch("/app.wasm.gz"));
    if (!gz.ok) throw new Error("the app's file did not load (" + gz.status + ")");
    // The file is gzip-compressed as served (any static host will do, and
    // none needs to know about Content-Encoding); compiling starts while
    // it is still being unpacked.
    const wasm = new Response(gz.body.pipeThrough(new DecompressionStream("gzip")),
      { headers: { "Content-Type": "application/wasm" } });
    const ready = new Promise((resolve, reject) => {
      self.ruthlessReady = { resolve: resolve, reject: (msg) => reject(new Error(msg)) };
    });
    const go = new Go();
    const { instance } = await WebAssembly.instantiateStreaming(wasm, go.importObject);
    go.run(instance).finally(() => { app = null; });
    await ready;
    return self.ruthlessServe;
  })();
  app.catch(() => { app = null; });
  return app;
}

self.addEventListener("fetch", (ev) => {
  const url = new URL(ev.request.url);
  if (url.origin !== self.location.origin || url.pathname === "/sw.js") return;
  if (FILES.includes(url.pathname)) {
    ev.respondWith(caches.match(url.pathname).then((r) => r || fetch(ev.request)));
    return;
  }
  ev.respondWith(viaApp(ev.request));
});

async function viaApp(req) {
  let serve;
  try {
    serve = await start();
  } catch (err) {
    return new Response("The app could not start on this phone: " + err.message + "\n",
      { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5" } });
  }
  const body = req.method === "GET" || req.method === "HEAD" ? null : new Uint8Array(await req.arrayBuffer());
  const res = await serve({ method: req.method, url: req.url, headers: [...req.headers], body: body });
  const empty = req.method === "HEAD" || res.status === 204 || res.status === 304;
  return new Response(empty ? null : res.body, { status: res.status, headers: new Headers(res.headers) });
}

self.addEventListener("message", (ev) => {
  const data = ev.data || {};
  if (data.type === "ping") {
    // Each message keeps the worker alive a while longer; the ping also
    // starts the app if the browser had stopped it, before the next tap.
    ev.waitUntil(start().then(() => tellUpdated(ev.source), () => {}));
  }
});

// tellUpdated tells a page, once, that a new version took over.
async function tellUpdated(client) {
  const meta = await caches.open(META);
  const mark = await meta.match("/updated");
  if (!mark || !client) return;
  await meta.delete("/updated");
  client.postMessage({ type: "updated", version: await mark.text() });
}

// Paddock boot: real download progress and friendly boot errors, before Python runs.
//
// Loaded as a module script *before* ./pyscript/core.js, so its fetch wrapper sees every
// download PyScript and Pyodide make. It counts the bytes of the big boot assets against
// the sizes build.py writes into build-info.json ("boot_sizes") and drives <progress>.
// The Python side sets <html data-ready="1"> once the game list is interactive; CSS
// then hides the loading bar. If Python fails to boot, a friendly message replaces the
// bar and the technical text goes into a collapsed <details>: at once when a boot asset
// cannot be fetched, else after a timeout.
//
// It also seals PyScript once our main.py starts (see "PyScript seal" below), so markup
// that ever reached the page could not start Python.

const BOOT_TIMEOUT_MS = 120_000; // show the error message if not ready by then
const DONE_GRACE_MS = 3_000; // PyScript finished running main.py but no data-ready

const html = document.documentElement;
const base = new URL(".", location.href);
const sizes = new Map(); // asset key -> expected bytes
const received = new Map(); // asset key -> bytes seen so far
const state = { ready: false, failed: false, errors: [] };
// Work that must not compete with the boot waits for this (python-loader.mjs fetches
// the rest of the standard library then).
let markReady;
state.whenReady = new Promise((resolve) => {
  markReady = resolve;
});
window.paddockBoot = state;

// ---------------------------------------------------------------- PyScript seal
//
// PyScript (polyscript inside core.js) watches the whole document with one
// MutationObserver and runs every <script type="py|mpy|pyodide|…">, <py-script> and
// py-* event attribute added to the page at any time. Paddock needs exactly one: the
// <script type="py" src="./main.py"> of index.html. So every observer created while
// core.js evaluates (this module runs first; pyscript-start.js calls
// paddockBoot.pyscriptLoaded() right after its import) is captured, and when main.py
// starts (its py:ready event, before any of our Python draws a thing) it is
// disconnected and its callback gated off for good. A <py-script> element then also
// stays inert: it waits for that observer to hand it the interpreter.
const NativeObserver = window.MutationObserver;
const captured = [];
const seal = { capturing: true, sealed: false };

window.MutationObserver = class PyScriptObserver extends NativeObserver {
  constructor(callback) {
    super((records, observer) => {
      if (!seal.sealed) callback(records, observer);
    });
    if (seal.capturing) captured.push(this);
  }
  observe(target, options) {
    // PyScript re-observes every new shadow root (its attachShadow patch).
    if (!seal.sealed) super.observe(target, options);
  }
};

state.pyscriptLoaded = () => {
  seal.capturing = false;
  window.MutationObserver = NativeObserver; // later observers (ours, the app's) are plain
};

function sealPyScript() {
  if (seal.sealed) return;
  seal.sealed = true;
  seal.capturing = false;
  for (const observer of captured) observer.disconnect();
  state.sealed = captured.length; // for the tests: how many observers were closed
}
// Capture phase on the document: py:ready bubbles from the main script element.
document.addEventListener(
  "py:ready",
  (event) => {
    if (event.target instanceof HTMLScriptElement && event.target.src.endsWith("/main.py")) {
      sealPyScript();
    }
  },
  true,
);

const $ = (id) => document.getElementById(id);
const keyOf = (url) => {
  const u = new URL(url, location.href);
  return u.origin === base.origin && u.pathname.startsWith(base.pathname)
    ? u.pathname.slice(base.pathname.length)
    : null;
};

// Same-origin files without which Python cannot start: pyscript.json, the files it
// lists and build-info's "boot_sizes" (learnt as they arrive). One that answers not-ok
// or fails to download fails the boot at once, instead of after BOOT_TIMEOUT_MS.
const essential = new Set(["pyscript.json"]);
const broken = new Map(); // asset key -> why its fetch failed

function noteBroken(key, why) {
  if (!broken.has(key)) broken.set(key, why);
  if (essential.has(key)) fail(`Could not load ${key}: ${why}`);
}

// python-loader.mjs names more files when Python starts without the snapshot.
state.essential = (keys) => keys.forEach(addEssential);

function addEssential(key) {
  if (key === null || essential.has(key)) return;
  essential.add(key);
  if (broken.has(key)) fail(`Could not load ${key}: ${broken.get(key)}`);
  else probe(key);
}

// Files index.html preloads (build.py) are already on their way: a HEAD for one of
// them would only make Chromium warn that the preload went unused ("the request HTTP
// method does not match"). Their answer is read from the resource timing instead.
const preloaded = new Set(
  [...document.querySelectorAll('link[rel="preload"]:not([data-optional])')].map((link) =>
    keyOf(link.href),
  ),
);

function watchPreload(key) {
  const url = new URL(key, base).href;
  const check = (entry) => {
    const status = entry.responseStatus ?? 0; // 0: not told (an older browser)
    if (status >= 400) noteBroken(key, `HTTP ${status}`);
  };
  try {
    new PerformanceObserver((list) => list.getEntriesByName(url).forEach(check)).observe({
      type: "resource",
      buffered: true,
    });
  } catch {
    // no resource timing: the page's own GET still reports a missing file
  }
}

// PyScript fetches its `files` only once Pyodide is up (seconds later on a slow
// device): ask now with a body-less HEAD, so a missing file is reported at once.
function probe(key) {
  if (preloaded.has(key)) {
    watchPreload(key);
    return;
  }
  originalFetch(new URL(key, base), { method: "HEAD", cache: "no-cache" }).then(
    (response) => {
      // 405/501: a host without HEAD says nothing about the file; the GET will tell.
      if (!response.ok && response.status !== 405 && response.status !== 501) {
        noteBroken(key, `HTTP ${response.status}`);
      }
    },
    (error) => noteBroken(key, String(error?.message ?? error)),
  );
}

function learnFiles(response) {
  // pyscript.json maps each file to fetch to its place in Python's file system.
  response
    .clone()
    .json()
    .then((config) => {
      for (const file of Object.keys(config?.files ?? {})) {
        addEssential(keyOf(new URL(file, response.url)));
      }
    })
    .catch(() => {}); // PyScript itself reports a broken config
}

function render() {
  const bar = $("boot-progress");
  const label = $("boot-label");
  if (!bar || !label || state.ready || state.failed || sizes.size === 0) return;
  let total = 0;
  let got = 0;
  for (const [key, size] of sizes) {
    total += size;
    got += Math.min(received.get(key) ?? 0, size);
  }
  // Downloads fill 95 %; the rest is Python start-up, ended by data-ready.
  bar.value = total ? (0.95 * got) / total : 0;
  const mb = (n) => (n / 1e6).toFixed(1);
  label.textContent =
    got < total
      ? `Loading the game engine… ${mb(got)} of ${mb(total)} MB`
      : "Starting the game engine…";
}

// ---------------------------------------------------------------- download tracking

const originalFetch = window.fetch.bind(window);

async function count(key, response) {
  try {
    const reader = response.clone().body.getReader();
    let n = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      n += value.byteLength;
      received.set(key, n);
      render();
    }
  } catch {
    // progress is best effort; never break the boot over it
  }
}

function trackedFetch(input, init) {
  const promise = originalFetch(input, init);
  const key = keyOf(input instanceof Request ? input.url : String(input));
  if (key !== null && !key.endsWith("build-info.json")) {
    promise.then(
      (response) => {
        if (!response.ok) {
          noteBroken(key, `HTTP ${response.status}`);
          return;
        }
        if (key === "pyscript.json") learnFiles(response);
        if (response.body && !received.has(key)) {
          received.set(key, 0);
          count(key, response);
        }
      },
      (error) => noteBroken(key, String(error?.message ?? error)),
    );
  }
  // The original Response is returned untouched (URL and type intact), so
  // WebAssembly.instantiateStreaming and the wasm code cache keep working.
  return promise;
}
window.fetch = trackedFetch;

// Module imports (pyodide.mjs, pyodide.asm.mjs) do not go through fetch: count them
// as complete when their resource timing entry arrives.
if ("PerformanceObserver" in window) {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const key = keyOf(entry.name);
      if (key !== null && entry.initiatorType !== "fetch" && sizes.has(key)) {
        received.set(key, sizes.get(key));
      }
    }
    render();
  }).observe({ type: "resource", buffered: true });
}

originalFetch(new URL("build-info.json", base), { cache: "no-cache" })
  .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`build-info.json: ${r.status}`))))
  .then((info) => {
    const optional = new Set(info.boot_optional ?? []); // the snapshot: Python starts without
    for (const [key, size] of Object.entries(info.boot_sizes ?? {})) {
      sizes.set(key, size);
      if (!optional.has(key)) addEssential(key);
    }
    // info.boot_later (the standard library) is fetched once the page is
    // ready, by python-loader.mjs, which reports a failure there; it is essential to
    // the slower start without the snapshot, whose fetches are checked as they happen.
    for (const entry of performance.getEntriesByType("resource")) {
      const key = keyOf(entry.name);
      if (key !== null && entry.initiatorType !== "fetch" && sizes.has(key)) {
        received.set(key, sizes.get(key));
      }
    }
    render();
  })
  .catch((error) => console.warn("Paddock boot: no progress sizes:", error));

// ---------------------------------------------------------------- ready and errors

// The longest main-thread task while booting (for the benchmarks; best effort).
state.longestTaskMs = 0;
try {
  new PerformanceObserver((list) => {
    if (state.ready) return;
    for (const entry of list.getEntries()) {
      state.longestTaskMs = Math.max(state.longestTaskMs, entry.duration);
    }
  }).observe({ type: "longtask", buffered: true });
} catch {
  // no Long Tasks API in this browser
}

// web/python-loader.mjs reports how Python started ("snapshot" or "bytecode").
state.pythonStarted = (how) => {
  state.python = how;
  performance.mark("paddock-python");
};

// Offline play after one visit (web/sw.js). Registered once the game list works, so it
// never competes with the first boot for the network.
function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker
    .register(new URL("sw.js", base), { scope: base.pathname })
    .catch((error) => console.warn("Paddock: no offline copy:", error));
}

function onReady() {
  if (state.ready) return;
  state.ready = true;
  registerServiceWorker();
  sealPyScript(); // normally already done when main.py started
  delete html.dataset.bootFailed;
  performance.mark("paddock-ready");
  markReady();
  if (window.fetch === trackedFetch) window.fetch = originalFetch;
  const bar = $("boot-progress");
  if (bar) bar.value = 1;
  $("boot-error")?.setAttribute("hidden", "");
  $("boot-error")?.removeAttribute("role");
  $("boot")?.classList.remove("failed");
}

function fail(reason) {
  if (state.ready) return;
  if (reason) state.errors.push(String(reason));
  const details = $("boot-error-details");
  if (details) details.textContent = state.errors.join("\n\n");
  if (state.failed) return;
  state.failed = true;
  html.dataset.bootFailed = "1";
  $("boot")?.classList.add("failed");
  $("boot-error")?.setAttribute("role", "alert"); // only when shown: no empty alerts
  $("boot-error")?.removeAttribute("hidden");
  $("main")?.setAttribute("aria-busy", "false");
  // The shell's Play buttons said "Loading…"; they will never come alive now.
  for (const button of document.querySelectorAll("#app .game-card button.pending")) {
    button.textContent = "Unavailable";
  }
}

if (html.dataset.ready === "1") onReady();
new NativeObserver(() => {
  if (html.dataset.ready === "1") onReady();
}).observe(html, { attributes: true, attributeFilter: ["data-ready"] });

if (typeof WebAssembly !== "object") {
  fail("This browser does not support WebAssembly.");
}

// PyScript reports boot and Python errors as <div class="py-error"> banners in <body>:
// move their text into the details box (CSS hides the raw banner).
function watchBody() {
  const take = (node) => {
    if (node instanceof HTMLElement && node.classList.contains("py-error")) {
      fail(node.textContent);
    }
  };
  document.body.querySelectorAll(".py-error").forEach(take);
  new NativeObserver((records) => {
    for (const record of records) record.addedNodes.forEach(take);
  }).observe(document.body, { childList: true });
}
if (document.body) watchBody();
else document.addEventListener("DOMContentLoaded", watchBody, { once: true });

// A script or stylesheet of the shell failed to load (e.g. pyscript/core.js 404).
addEventListener(
  "error",
  (event) => {
    const el = event.target;
    if (el instanceof HTMLScriptElement || el instanceof HTMLLinkElement) {
      if (el.rel !== "icon" && !("optional" in el.dataset)) fail(`Could not load ${el.src || el.href}`);
    }
  },
  true,
);
addEventListener("error", (event) => {
  if (state.ready) return;
  if (event.error instanceof EvalError) fail(event.message); // CSP blocked an eval
  else if (event.message) state.errors.push(event.message);
});
addEventListener("securitypolicyviolation", (event) => {
  if (!state.ready) state.errors.push(`CSP blocked ${event.blockedURI} (${event.violatedDirective})`);
});
addEventListener("unhandledrejection", (event) => {
  if (!state.ready) state.errors.push(String(event.reason?.stack ?? event.reason));
});

// main.py ran to the end (or raised) but the app never became ready.
addEventListener("py:all-done", () => {
  setTimeout(() => {
    if (!state.ready) fail("Python finished starting but the app did not become ready.");
  }, DONE_GRACE_MS);
});

setTimeout(() => {
  if (!state.ready) fail(`Not ready after ${BOOT_TIMEOUT_MS / 1000} s.`);
}, BOOT_TIMEOUT_MS);

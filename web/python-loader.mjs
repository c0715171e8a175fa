// PyScript's interpreter module (pyscript.json "interpreter"): Pyodide, started fast.
//
// PyScript imports this module and calls its loadPyodide(). Instead of starting Python
// and importing our packages (seconds of work in wasm), it restores the memory snapshot
// that build.py made with the same Pyodide after importing every module of ours. When
// the snapshot cannot be used (missing, or refused by this Pyodide), Python starts the
// ordinary way, from bytecode compiled at build time, and the page works all the same.
import { loadPyodide as startPyodide, version } from "./pyodide/pyodide.mjs";

export { version };

// Filled in by build.py: content-hashed file names, so a cached snapshot can never meet
// a different standard library (it must match the archive it was made with exactly).
const BOOT = "__PADDOCK_BOOT__";
const HOME = "/home/pyodide";

const here = (file) => new URL(file, import.meta.url).href;

async function download(file) {
  const response = await fetch(here(file));
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

export async function loadPyodide(options = {}) {
  const config = { ...options, indexURL: here("./pyodide/"), stdLibURL: here(BOOT.stdlib) };
  // Our packages' sources download beside the interpreter: a restored Python has every
  // module in memory already and reads them only for tracebacks.
  const sources = Promise.all(BOOT.archives.map(download));
  // "?python=bytecode" starts the slower way on purpose (the benchmarks compare both).
  const wanted = new URLSearchParams(globalThis.location?.search ?? "").get("python");
  const snapshot =
    wanted === "bytecode" ? Promise.reject(new Error("not wanted")) : download(BOOT.snapshot);
  snapshot.catch(() => {}); // a missing snapshot is no error: Python starts without it
  let pyodide;
  let restored = false;
  try {
    pyodide = await startPyodide({ ...config, _loadSnapshot: snapshot });
    restored = true;
  } catch (error) {
    if (wanted !== "bytecode") console.warn("Paddock: starting Python without its snapshot:", error);
    // The ordinary start imports our packages: their compiled bytecode saves that work.
    const [started, bytecode] = await Promise.all([startPyodide(config), download(BOOT.bytecode)]);
    pyodide = started;
    pyodide.unpackArchive(bytecode, "zip", { extractDir: HOME });
  }
  // Pyodide only logs a standard library it could not download; a restored Python would
  // even run without it, until it imports one more module. Stop here instead.
  const stdlibThere = pyodide.runPython(
    "import os, sys; any(p.endswith('.zip') and os.path.isfile(p) for p in sys.path)",
  );
  if (!stdlibThere) {
    throw new Error(`Could not load ${BOOT.stdlib}: the standard library is missing`);
  }
  for (const archive of await sources) {
    pyodide.unpackArchive(archive, "zip", { extractDir: HOME });
  }
  pyodide.runPython(
    restored
      ? // The snapshot froze the random generator's state: draw a fresh one from the
        // browser's entropy, so no two visitors share it.
        "import importlib, random; importlib.invalidate_caches(); random.seed()"
      : "import importlib; importlib.invalidate_caches()",
  );
  globalThis.paddockBoot?.pythonStarted?.(restored ? "snapshot" : "bytecode");
  return pyodide;
}

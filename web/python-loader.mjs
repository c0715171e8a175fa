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

// A restored Python has every module it starts with in memory already, and the texts
// the site shows (paddock_web.hold_data), so the boot waits neither for the standard
// library archive (2.9 MB with brotli) nor for our packages' files: Pyodide gets a tiny
// stand-in archive, and the real one and our files (sources, for tracebacks) are
// fetched once the page is ready (the lens worker fetches them at once). Until then only
// an import of a module the snapshot lacks could fail: none of ours does one (build.py
// imports every module of ours into the snapshot).
function completeLater(pyodide) {
  const boot = globalThis.paddockBoot;
  const ready = boot?.whenReady ?? Promise.resolve();
  if (boot) boot.stdlib = "stand-in";
  const archive = pyodide.runPython(
    "import sys; next(p for p in sys.path if p.endswith('.zip'))",
  );
  ready
    .then(() => Promise.all([download(BOOT.stdlib), ...BOOT.archives.map(download)]))
    .then(([stdlib, ...ours]) => {
      for (const files of ours) pyodide.unpackArchive(files, "zip", { extractDir: HOME });
      pyodide.FS.writeFile(archive, stdlib);
      // The zip importer reads the archive's table of contents again.
      const files = pyodide.runPython(
        "import importlib, sys; importlib.invalidate_caches(); " +
          `len(sys.path_importer_cache[${JSON.stringify(archive)}]._get_files())`,
      );
      if (boot) {
        boot.stdlib = "complete";
        boot.stdlibFiles = files;
      }
    })
    .catch((error) => {
      if (boot) boot.stdlib = "failed";
      console.error("Paddock: the standard library could not be loaded:", error);
    });
}

// build.py stores the snapshot's memory as its difference from the wasm's data
// segments (subtract_wasm_data): the interpreter's static data, which the wasm brings
// anyway, then costs nothing to download. A fresh instance's memory holds exactly those
// segments until its first code runs, so they are XOR-ed back in right then, before
// Pyodide restores the snapshot. If the rebuilt bytes fail their check, the snapshot's
// header is spoilt: Pyodide refuses it and Python starts the ordinary way.
function rebuildMemory(snapshot, memory) {
  const { header, until, check } = BOOT.snapshot_delta;
  const diff = new Uint32Array(snapshot.buffer, snapshot.byteOffset + header, until / 4);
  const fresh = new Uint32Array(memory.buffer, 0, until / 4);
  let sum = 0x811c9dc5;
  for (let i = 0; i < diff.length; i++) {
    const word = (diff[i] ^ fresh[i]) >>> 0;
    diff[i] = word;
    sum = Math.imul(sum ^ word, 0x01000193) >>> 0;
  }
  if (sum !== check) {
    snapshot[0] ^= 0xff;
    console.warn("Paddock: the snapshot did not rebuild correctly");
  }
}

// Pyodide's Emscripten module, with a hook where the instance is made (see above).
async function moduleRebuildingMemory(snapshot) {
  const { default: createModule } = await import("./pyodide/pyodide.asm.mjs");
  return (settings) => {
    const instantiate = settings.instantiateWasm;
    if (!instantiate) {
      snapshot.then((bytes) => (bytes[0] ^= 0xff));
      return createModule(settings);
    }
    settings.instantiateWasm = (imports, done) =>
      instantiate(imports, (instance, module) => {
        snapshot.then((bytes) => {
          rebuildMemory(bytes, instance.exports.memory);
          done(instance, module);
        });
      });
    return createModule(settings);
  };
}

export async function loadPyodide(options = {}) {
  const config = { ...options, indexURL: here("./pyodide/") };
  // "?python=bytecode" starts the slower way on purpose (the benchmarks compare both).
  const wanted = new URLSearchParams(globalThis.location?.search ?? "").get("python");
  const snapshot =
    wanted === "bytecode" ? Promise.reject(new Error("not wanted")) : download(BOOT.snapshot);
  snapshot.catch(() => {}); // a missing snapshot is no error: Python starts without it
  let pyodide;
  let restored = false;
  try {
    pyodide = await startPyodide({
      ...config,
      stdLibURL: here(BOOT.stand_in),
      _loadSnapshot: snapshot,
      createPyodideModule: await moduleRebuildingMemory(snapshot),
    });
    restored = true;
  } catch (error) {
    if (wanted !== "bytecode") console.warn("Paddock: starting Python without its snapshot:", error);
    // The ordinary start imports our packages: their compiled bytecode saves that work.
    // These files are needed to start now: a missing one fails the boot at once.
    globalThis.paddockBoot?.essential?.([BOOT.stdlib, BOOT.bytecode, ...BOOT.archives]);
    const [started, bytecode, ...ours] = await Promise.all([
      startPyodide({ ...config, stdLibURL: here(BOOT.stdlib) }),
      download(BOOT.bytecode),
      ...BOOT.archives.map(download),
    ]);
    pyodide = started;
    for (const files of [...ours, bytecode]) pyodide.unpackArchive(files, "zip", { extractDir: HOME });
  }
  // Pyodide only logs an archive it could not download; Python would even run without
  // it, until it imports one more module. Stop here instead.
  const stdlibThere = pyodide.runPython(
    "import os, sys; any(p.endswith('.zip') and os.path.isfile(p) for p in sys.path)",
  );
  if (!stdlibThere) {
    throw new Error(`Could not load ${restored ? BOOT.stand_in : BOOT.stdlib}: the standard library is missing`);
  }
  pyodide.runPython(
    restored
      ? // The snapshot froze the random generator's state: draw a fresh one from the
        // browser's entropy, so no two visitors share it. The zip importer forgets the
        // archive it was built with (the stand-in is in its place for now).
        "import importlib, random; importlib.invalidate_caches(); random.seed()"
      : "import importlib; importlib.invalidate_caches()",
  );
  if (restored) completeLater(pyodide);
  globalThis.paddockBoot?.pythonStarted?.(restored ? "snapshot" : "bytecode");
  return pyodide;
}

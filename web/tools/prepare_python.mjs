// Build step (Node): prepare Python for a fast start in the browser.
//
//   node web/tools/prepare_python.mjs <job.json>
//
// Runs the pinned Pyodide from node_modules -- the very interpreter the site ships, so
// the bytecode magic number and the memory layout match -- and writes:
//
//   stdlib     the standard library archive with every module compiled to bytecode
//              (sourceless, stored uncompressed so that HTTP compression sees the bytes)
//   pycache    a zip of __pycache__/*.pyc for our own packages (unchecked-hash pycs:
//              the sources stay beside them for readable tracebacks)
//   snapshot   a memory snapshot taken after importing every module of our packages,
//              so the browser restores Python instead of starting and importing it
//
// job.json: {"pyodide": dir, "stdlib_in", "stdlib_out", "archives": [zip…],
//            "pycache_out", "snapshot_out", "preload": [module…], "max_heap": bytes}
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(job.pyodide, "pyodide.mjs")).href);
const HOME = "/home/pyodide"; // Pyodide's working directory, in Node as in the browser
const quiet = { stdout: () => {}, stderr: (line) => console.error(line) };
const bytes = (file) => new Uint8Array(fs.readFileSync(file));

// 1. Compile the standard library (any Pyodide will do: only its compiler is used).
{
  const py = await loadPyodide({ indexURL: job.pyodide, ...quiet });
  py.FS.writeFile("/tmp/stdlib_in.zip", bytes(job.stdlib_in));
  py.runPython(`
import importlib._bootstrap_external as bootstrap
import importlib.util
import zipfile

FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # identical archives from identical inputs

with zipfile.ZipFile("/tmp/stdlib_in.zip") as src, zipfile.ZipFile(
    "/tmp/stdlib_out.zip", "w", compression=zipfile.ZIP_STORED
) as out:
    for info in sorted(src.infolist(), key=lambda i: i.filename):
        data = src.read(info)
        name = info.filename
        if name.endswith(".py"):
            code = compile(data, name, "exec", dont_inherit=True)
            data = bytes(bootstrap._code_to_hash_pyc(
                code, importlib.util.source_hash(data), checked=False))
            name += "c"
        out.writestr(zipfile.ZipInfo(name, FIXED_TIME), data)
`);
  fs.writeFileSync(job.stdlib_out, py.FS.readFile("/tmp/stdlib_out.zip"));
}

// 2. Compile our packages and 3. snapshot the interpreter, on the compiled stdlib.
const py = await loadPyodide({
  indexURL: job.pyodide,
  stdLibURL: job.stdlib_out,
  _makeSnapshot: true,
  ...quiet,
});
for (const archive of job.archives) py.unpackArchive(bytes(archive), "zip", { extractDir: HOME });
py.globals.set("PRELOAD", py.toPy(job.preload));
py.runPython(`
import gc
import importlib
import importlib.util
import os
import pkgutil
import py_compile
import zipfile

FIXED_TIME = (1980, 1, 1, 0, 0, 0)
UNCHECKED = py_compile.PycInvalidationMode.UNCHECKED_HASH

with zipfile.ZipFile("/tmp/pycache.zip", "w", compression=zipfile.ZIP_STORED) as out:
    for top in ("pygames", "paddock_web"):
        for folder, _, files in sorted(os.walk(top)):
            for name in sorted(files):
                if name.endswith(".py"):
                    source = os.path.join(folder, name)
                    cached = importlib.util.cache_from_source(source)
                    py_compile.compile(source, cfile=cached, invalidation_mode=UNCHECKED)
                    with open(cached, "rb") as f:
                        out.writestr(zipfile.ZipInfo(cached, FIXED_TIME), f.read())

importlib.invalidate_caches()
for top in ("pygames", "paddock_web"):
    package = importlib.import_module(top)
    for module in pkgutil.walk_packages(package.__path__, top + "."):
        importlib.import_module(module.name)
for name in PRELOAD:
    importlib.import_module(name)
del PRELOAD
gc.collect()
`);
fs.writeFileSync(job.pycache_out, py.FS.readFile("/tmp/pycache.zip"));
const snapshot = py.makeMemorySnapshot();
if (snapshot.length > job.max_heap) {
  console.error(`memory snapshot is ${snapshot.length} bytes, over the ${job.max_heap} limit`);
  process.exit(3);
}
fs.writeFileSync(job.snapshot_out, snapshot);
console.log(JSON.stringify({ snapshot_bytes: snapshot.length }));

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

// 1. Compile the standard library and our packages, in an interpreter of its own: the
// compiler's garbage stays out of the snapshot's heap (freed memory is not zeroed, so
// it would cost download bytes).
const ours = new Map(); // path under HOME -> bytes: our sources with their bytecode
let tinyZip; // the browser unpacks our archives after the restore: what that imports
{
  const py = await loadPyodide({ indexURL: job.pyodide, ...quiet });
  py.FS.writeFile("/tmp/stdlib_in.zip", bytes(job.stdlib_in));
  for (const archive of job.archives) py.unpackArchive(bytes(archive), "zip", { extractDir: HOME });
  py.runPython(`
import importlib._bootstrap_external as bootstrap
import importlib.util
import os
import py_compile
import zipfile

FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # identical archives from identical inputs
UNCHECKED = py_compile.PycInvalidationMode.UNCHECKED_HASH

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
`);
  fs.writeFileSync(job.stdlib_out, py.FS.readFile("/tmp/stdlib_out.zip"));
  fs.writeFileSync(job.pycache_out, py.FS.readFile("/tmp/pycache.zip"));
  py.runPython(`
import zipfile
with zipfile.ZipFile("/tmp/tiny.zip", "w") as tiny:
    tiny.writestr("tiny.txt", "unpacked at build time")
`);
  tinyZip = py.FS.readFile("/tmp/tiny.zip");
  const collect = (dir) => {
    for (const name of py.FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const file = `${dir}/${name}`;
      if (py.FS.isDir(py.FS.stat(file).mode)) collect(file);
      else ours.set(file, py.FS.readFile(file));
    }
  };
  collect(HOME);
}

// 2. Snapshot an interpreter that has imported every module of ours (and those of the
// standard library PyScript imports first), on the compiled stdlib. Its files are
// written from JavaScript, so that no unzipping runs in its Python.
const py = await loadPyodide({
  indexURL: job.pyodide,
  stdLibURL: job.stdlib_out,
  _makeSnapshot: true,
  ...quiet,
});
for (const [file, data] of ours) {
  py.FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
  py.FS.writeFile(file, data);
}
// The browser unpacks our archives right after the restore (python-loader.mjs), with
// a standard library that is only a stand-in then: what unpacking imports must be in.
py.unpackArchive(tinyZip, "zip", { extractDir: "/tmp/tiny" });
py.globals.set("PRELOAD", py.toPy(job.preload));
py.runPython(`
import gc
import importlib
import pkgutil

importlib.invalidate_caches()
for top in ("pygames", "paddock_web"):
    package = importlib.import_module(top)
    for module in pkgutil.walk_packages(package.__path__, top + "."):
        importlib.import_module(module.name)
for name in PRELOAD:
    importlib.import_module(name)
del PRELOAD
importlib.import_module("paddock_web").hold_data()
gc.collect()
`);
const snapshot = py.makeMemorySnapshot();
if (snapshot.length > job.max_heap) {
  console.error(`memory snapshot is ${snapshot.length} bytes, over the ${job.max_heap} limit`);
  process.exit(3);
}
fs.writeFileSync(job.snapshot_out, snapshot);
console.log(JSON.stringify({ snapshot_bytes: snapshot.length }));

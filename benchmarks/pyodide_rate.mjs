// Runs a Python snippet in the pinned Pyodide (Node), with a host folder on sys.path.
//
//   node benchmarks/pyodide_rate.mjs <source-dir> <python-code>
//
// Prints what the code prints. Used by benchmarks/playouts.py to measure random games
// per second in the interpreter the site ships, for this tree and for an older one.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [source, code] = process.argv.slice(2);
const pyodideDir = path.resolve(import.meta.dirname, "..", "node_modules", "pyodide");
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdout: (line) => console.log(line) });
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(source) }, "/src");
py.runPython(`import sys; sys.path.insert(0, "/src")\n${code}`);

#!/usr/bin/env python3
"""Paddock build, serve, test and bench entry point (standard library only).

python3 build.py build                 assemble the static site into dist/
python3 build.py serve [--port N] [--no-build]
                                       serve dist/ with the headers of netlify.toml
python3 build.py test [pytest args]    install test deps, build, run pytest
python3 build.py bench [--boot-only]   run benchmarks/run.py
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import email.utils
import functools
import hashlib
import http
import http.server
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import tomllib
import urllib.request
import zipfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
PACKAGE_LOCK = ROOT / "package-lock.json"
NETLIFY_TOML = ROOT / "netlify.toml"
PY_WEB_PACKAGE = "paddock_web"

# Files Pyodide needs to boot with no packages: the loader, the Emscripten module, the
# wasm binary and the lock file (fetched even when unused). The standard library ships
# compiled to bytecode from dist/python/ instead (see prepare_python).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide-lock.json",
    "pyodide.mjs.map",
    "package.json",
)
# dist/python/: the compiled standard library, our bytecode and the memory snapshot, each
# named by a hash of its content (so they can be cached for good).
PYTHON_DIR = "python"
# Pyodide 314.0.x cannot restore a snapshot of a heap over 30 MiB (plus its header).
MAX_SNAPSHOT_BYTES = 30 * 1024 * 1024 + 4096
# Modules PyScript's own Python imports once it starts: imported into the snapshot too.
SNAPSHOT_PRELOAD = ("asyncio", "base64", "html", "inspect", "json", "functools", "weakref")
# Files that are not copied from web/ into dist/ (tools/ holds build-time Node scripts).
WEB_EXCLUDE_DIRS = {PY_WEB_PACKAGE, "__pycache__", "node_modules", "styles", "tools"}
# The PyScript interpreter module; build.py fills in the boot files' names.
PYTHON_LOADER = "python-loader.mjs"
BOOT_PLACEHOLDER = '"__PADDOCK_BOOT__"'  # replaced by a JSON object (valid JavaScript)
# Precompressed copies (.br, .gz) are written for files at least this big that shrink.
COMPRESS_MIN_BYTES = 1024
PRECOMPRESSED_SUFFIXES = {".br", ".gz"}
# Content encodings `build.py serve` offers, best first, with the copy's suffix.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
SW_PLACEHOLDER = '"__PADDOCK_BUILD__"'  # in web/sw.js, replaced by a JSON object
PRELOAD_PLACEHOLDER = "<!-- paddock:preload -->"  # in web/index.html
# web/styles/*.css (site first, then one file per game) ship as one stylesheet.
STYLES = WEB / "styles"
WEB_EXCLUDE_SUFFIXES = {".pyc"}

# Netlify's default Cache-Control when no [[headers]] rule sets one.
NETLIFY_DEFAULT_CACHE = "public, max-age=0, must-revalidate"


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def run(cmd: Sequence[str | os.PathLike[str]], **kwargs: Any) -> None:
    log("$ " + " ".join(str(c) for c in cmd))
    subprocess.run([str(c) for c in cmd], check=True, cwd=kwargs.pop("cwd", ROOT), **kwargs)


# --------------------------------------------------------------------------- build


def ensure_node_modules() -> None:
    stamp = NODE_MODULES / ".package-lock.json"  # written by npm on every install
    if stamp.exists() and stamp.stat().st_mtime >= PACKAGE_LOCK.stat().st_mtime:
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("npm is required (node_modules is missing or older than package-lock.json)")
    run([npm, "ci", "--no-audit", "--no-fund"])
    stamp.touch()


def build_wheel(out_dir: Path) -> Path:
    """Build the pygames wheel from a clean copy of the sources (no stale build/ dirs)."""
    with tempfile.TemporaryDirectory(prefix="paddock-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for name in ("pyproject.toml", "README.md", "LICENSE", "setup.cfg", "setup.py"):
            if (ROOT / name).is_file():
                shutil.copy2(ROOT / name, src / name)
        shutil.copytree(
            ROOT / "pygames",
            src / "pygames",
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*cache*"),
        )
        wheels = Path(tmp) / "wheels"
        base = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels)]
        try:
            # Offline and fast; needs setuptools>=70.1 or the `wheel` package installed.
            run([*base, "--no-build-isolation", str(src)], stderr=subprocess.DEVNULL)
        except subprocess.CalledProcessError:
            log("offline wheel build unavailable; building in an isolated env (uses PyPI)")
            run([*base, str(src)])
        (wheel,) = wheels.glob("pygames-*.whl")
        out_dir.mkdir(parents=True, exist_ok=True)
        return Path(shutil.copy2(wheel, out_dir / wheel.name))


def copy_web_static(dest: Path) -> None:
    for path in sorted(WEB.rglob("*")):
        rel = path.relative_to(WEB)
        if any(part in WEB_EXCLUDE_DIRS for part in rel.parts):
            continue
        if path.is_dir() or path.suffix in WEB_EXCLUDE_SUFFIXES:
            continue
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)


# Each game's own class prefix: its stylesheet's selectors that name such a class (or
# start at the table's .game-<id>) can only match that game's drawing.
GAME_CSS_PREFIXES = {
    "finish_line": "fl-",
    "gambler": "gb-",
    "homestretch": "hs-",
    "royal_turf": "rt-",
    "turfmaster": "tm-",
}
_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)


def _split_selectors(prelude: str) -> list[str]:
    """A selector list split at its top-level commas (not those inside :is(…), :has(…))."""
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(prelude):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(prelude[start:k])
            start = k + 1
    parts.append(prelude[start:])
    return [p.strip() for p in parts if p.strip()]


def _block_end(text: str, open_at: int) -> int:
    """Index just past the brace that closes the one at ``open_at``."""
    depth = 0
    for k in range(open_at, len(text)):
        if text[k] == "{":
            depth += 1
        elif text[k] == "}":
            depth -= 1
            if depth == 0:
                return k + 1
    raise ValueError("unbalanced braces in a stylesheet")


def scope_game_css(text: str, game_id: str) -> str:
    """A game's stylesheet with every rule limited to that game's drawing.

    All stylesheets ship as one file, so a rule such as ``.podium {…}`` written for one
    game would also style another game's ``.podium``. Selectors that already start at
    ``.game-<id>`` or name a class with the game's prefix stay as they are; the others
    get ``:where([data-game="<id>"])`` in front: the table, its race card and dialogs
    and the game's home card carry that attribute. ``:where`` adds no specificity, so
    the cascade between the site's and the game's rules is unchanged.

    >>> scope_game_css(".podium, .rt-x .y { a: b }", "royal_turf")
    ':where([data-game="royal_turf"]) .podium, .rt-x .y { a: b }'
    """
    prefix = GAME_CSS_PREFIXES[game_id]
    own = re.compile(r"\." + re.escape(prefix))
    root = f':where([data-game="{game_id}"])'
    text = _CSS_COMMENT.sub("", text)
    out: list[str] = []
    pos = 0
    while True:
        brace = text.find("{", pos)
        if brace < 0:
            out.append(text[pos:])
            return "".join(out)
        prelude = text[pos:brace]
        end = _block_end(text, brace)
        head = prelude.strip()
        if head.startswith(("@media", "@supports", "@container")):
            out.append(prelude + "{" + scope_game_css(text[brace + 1 : end - 1], game_id) + "}")
        elif head.startswith("@"):  # @keyframes, @font-face: no selectors to scope
            out.append(text[pos:end])
        else:
            selectors = [
                sel
                if sel.startswith(("main.game-", ".game-")) or own.search(sel)
                else f"{root} {sel}"
                for sel in _split_selectors(prelude)
            ]
            lead = prelude[: len(prelude) - len(prelude.lstrip())]
            out.append(lead + ", ".join(selectors) + " " + text[brace:end])
        pos = end


def bundle_styles(dest: Path) -> None:
    chunks = []
    for path in sorted(STYLES.glob("*.css")):
        text = path.read_text(encoding="utf-8")
        if path.stem in GAME_CSS_PREFIXES:
            text = scope_game_css(text, path.stem)
        chunks.append(f"/* --- {path.name} --- */\n{text}")
    dest.write_text("\n".join(chunks), encoding="utf-8")


def zip_web_package(dest: Path) -> None:
    # Stored, not deflated: HTTP compression (brotli) then sees the plain sources.
    pkg = WEB / PY_WEB_PACKAGE
    with zipfile.ZipFile(dest, "w", compression=zipfile.ZIP_STORED) as zf:
        for path in sorted(pkg.rglob("*")):
            rel = path.relative_to(WEB)
            if path.is_dir() or "__pycache__" in rel.parts or path.suffix == ".pyc":
                continue
            zf.write(path, rel.as_posix())


def content_named(path: Path, stem: str) -> Path:
    """Rename ``path`` to ``<stem>-<hash of its bytes><suffix>`` beside it."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    return path.rename(path.with_name(f"{stem}-{digest}{path.suffix}"))


def prepare_python(archives: list[Path]) -> dict[str, Any]:
    """Compile the stdlib and our packages to bytecode and snapshot Python (in Node).

    Returns the boot files for the loader, as paths relative to dist/.
    """
    out = DIST / PYTHON_DIR
    out.mkdir()
    pyodide = NODE_MODULES / "pyodide"
    with tempfile.TemporaryDirectory(prefix="paddock-python-") as tmp:
        job = {
            "pyodide": str(pyodide) + "/",
            "stdlib_in": str(pyodide / "python_stdlib.zip"),
            "stdlib_out": str(out / "stdlib.zip"),
            "archives": [str(a) for a in archives],
            "pycache_out": str(out / "bytecode.zip"),
            "snapshot_out": str(out / "paddock.snapshot"),
            "preload": list(SNAPSHOT_PRELOAD),
            "max_heap": MAX_SNAPSHOT_BYTES,
        }
        job_file = Path(tmp) / "job.json"
        job_file.write_text(json.dumps(job), encoding="utf-8")
        node = shutil.which("node")
        if node is None:
            sys.exit("node is required to prepare Python (bytecode and snapshot)")
        run([node, WEB / "tools" / "prepare_python.mjs", job_file])
    write_stand_in(out / "stand-in.zip")
    stand_in = content_named(out / "stand-in.zip", "stand-in")
    stdlib = content_named(out / "stdlib.zip", "stdlib")
    bytecode = content_named(out / "bytecode.zip", "bytecode")
    wasm = (pyodide / "pyodide.asm.wasm").read_bytes()
    delta = subtract_wasm_data(out / "paddock.snapshot", wasm_data_segments(wasm))
    snapshot = content_named(out / "paddock.snapshot", "paddock")
    rel = [p.relative_to(DIST).as_posix() for p in (stdlib, bytecode, snapshot)]
    return {
        "stand_in": stand_in.relative_to(DIST).as_posix(),
        "stdlib": rel[0],
        "archives": [a.relative_to(DIST).as_posix() for a in archives],
        "bytecode": rel[1],
        "snapshot": rel[2],
        "snapshot_delta": delta,
    }


def _leb128(data: bytes, at: int) -> tuple[int, int]:
    """An unsigned LEB128 number at ``at``, and where the next field starts."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, at


def wasm_data_segments(wasm: bytes) -> list[tuple[int, bytes]]:
    """The active data segments of a wasm binary: (memory offset, bytes) each.

    They are what a fresh instance's memory holds before any code has run.
    """
    if wasm[:4] != b"\0asm":
        raise ValueError("not a wasm binary")
    segments: list[tuple[int, bytes]] = []
    at = 8
    while at < len(wasm):
        section, at = wasm[at], at + 1
        size, at = _leb128(wasm, at)
        end = at + size
        if section == 11:  # the data section
            count, pos = _leb128(wasm, at)
            for _ in range(count):
                flags, pos = _leb128(wasm, pos)
                if flags == 1:  # passive: not placed at instantiation
                    length, pos = _leb128(wasm, pos)
                    pos += length
                    continue
                if flags == 2:
                    _, pos = _leb128(wasm, pos)  # memory index
                if wasm[pos] != 0x41:  # i32.const
                    raise ValueError("a data segment's offset is not a constant")
                offset, pos = _leb128(wasm, pos + 1)
                if wasm[pos] != 0x0B:
                    raise ValueError("a data segment's offset is not a constant")
                length, pos = _leb128(wasm, pos + 1)
                segments.append((offset, wasm[pos : pos + length]))
                pos += length
        at = end
    return segments


def memory_check(memory: bytes) -> int:
    """FNV-1a over the little-endian 32-bit words of ``memory`` (a multiple of 4 long):
    python-loader.mjs computes the same over the memory it rebuilt."""
    check = 0x811C9DC5
    for (word,) in struct.iter_unpack("<I", memory):
        check = ((check ^ word) * 0x01000193) & 0xFFFFFFFF
    return check


def subtract_wasm_data(snapshot: Path, segments: list[tuple[int, bytes]]) -> dict[str, int]:
    """Store the snapshot's memory as its difference from the wasm's data segments.

    The first megabytes of the memory are the interpreter's static data, nearly
    unchanged since instantiation, and the wasm (downloaded anyway) holds them already:
    XOR-ing them out turns them into zeros, about 1.1 MB less with brotli. The loader
    XORs the fresh instance's memory back in before Pyodide restores the snapshot.
    Returns where the difference ends and the check of the rebuilt bytes.
    """
    data = bytearray(snapshot.read_bytes())
    header = int.from_bytes(data[4:8], "little")  # Pyodide's header length (16-aligned)
    until = -(-max(offset + len(block) for offset, block in segments) // 4) * 4
    memory = bytes(data[header : header + until])
    base = bytearray(until)
    for offset, block in segments:
        base[offset : offset + len(block)] = block
    xored = int.from_bytes(memory, "little") ^ int.from_bytes(base, "little")
    data[header : header + until] = xored.to_bytes(until, "little")
    snapshot.write_bytes(data)
    return {"header": header, "until": until, "check": memory_check(memory)}


def write_stand_in(path: Path) -> None:
    """The tiny archive a restored Python boots with in place of the standard library.

    The snapshot holds every module the site imports, so the real archive (2.9 MB with
    brotli) is not needed to start: python-loader.mjs fetches it once the page is ready.
    """
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_STORED) as zf:
        info = zipfile.ZipInfo("README.txt", (1980, 1, 1, 0, 0, 0))
        zf.writestr(info, "Paddock: the standard library follows once the page is ready.\n")


def write_loader(boot: dict[str, Any]) -> None:
    """dist/python-loader.mjs with the boot files' names filled in."""
    text = (WEB / PYTHON_LOADER).read_text(encoding="utf-8")
    if BOOT_PLACEHOLDER not in text:
        sys.exit(f"{PYTHON_LOADER} lost its {BOOT_PLACEHOLDER} placeholder")
    (DIST / PYTHON_LOADER).write_text(
        text.replace(BOOT_PLACEHOLDER, json.dumps(boot)), encoding="utf-8"
    )


def preload_links(boot: dict[str, Any]) -> list[str]:
    """``<link>`` tags that start the boot's downloads as soon as the page is parsed.

    Without them the wasm, the snapshot and the standard library are asked for only once
    PyScript has loaded its chunks, read pyscript.json and imported our loader (about half
    a second on a busy 2-core machine). Modules get ``modulepreload``; files that are
    fetched get ``preload as="fetch" crossorigin``, which matches a plain same-origin
    ``fetch()``, so the page's own request takes the preloaded response.
    """
    core = sorted((DIST / "pyscript").glob("core-*.js"))
    modules = [*(c.relative_to(DIST).as_posix() for c in core), PYTHON_LOADER]
    modules += ["pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs"]
    fetched = ["pyscript.json", "pyodide/pyodide.asm.wasm", "pyodide/pyodide-lock.json"]
    fetched.append(boot["stand_in"])
    links = [f'<link rel="modulepreload" href="./{m}">' for m in modules]
    links += [f'<link rel="preload" href="./{f}" as="fetch" crossorigin>' for f in fetched]
    # Python starts without the snapshot if need be: its failed preload is no boot error.
    links.append(
        f'<link rel="preload" href="./{boot["snapshot"]}" as="fetch" crossorigin data-optional>'
    )
    return links


def write_preloads(boot: dict[str, Any]) -> None:
    """Fill dist/index.html's preload placeholder (see :func:`preload_links`)."""
    page = DIST / "index.html"
    text = page.read_text(encoding="utf-8")
    if PRELOAD_PLACEHOLDER not in text:
        sys.exit(f"index.html lost its {PRELOAD_PLACEHOLDER} placeholder")
    links = "\n  ".join(preload_links(boot))
    page.write_text(text.replace(PRELOAD_PLACEHOLDER, links), encoding="utf-8")


def npm_version(package_dir: Path) -> str:
    data = json.loads((package_dir / "package.json").read_text(encoding="utf-8"))
    return str(data["version"])


def build(compress: bool = True) -> dict[str, Any]:
    ensure_node_modules()
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()

    wheel = build_wheel(DIST)
    copy_web_static(DIST)
    bundle_styles(DIST / "paddock.css")
    web_zip = DIST / f"{PY_WEB_PACKAGE}.zip"
    zip_web_package(web_zip)

    pyscript_pkg = NODE_MODULES / "@pyscript" / "core"
    shutil.copytree(pyscript_pkg / "dist", DIST / "pyscript")

    pyodide_pkg = NODE_MODULES / "pyodide"
    (DIST / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        if (pyodide_pkg / name).exists():
            shutil.copy2(pyodide_pkg / name, DIST / "pyodide" / name)

    boot = prepare_python([wheel, web_zip])
    write_loader(boot)
    write_preloads(boot)
    # PyScript starts Python through our loader, which also unpacks our packages: no
    # "files" here (PyScript would download and unpack them a second time).
    pyscript_config = {"interpreter": f"./{PYTHON_LOADER}"}
    (DIST / "pyscript.json").write_text(json.dumps(pyscript_config, indent=2) + "\n")

    # Sizes of the downloads before the page is ready, read by web/boot.js to drive the
    # progress bar. All are needed to start, except the snapshot: without it Python starts
    # the slower way (and then also downloads the standard library, the bytecode and our
    # packages' files, which it alone needs first). "boot_later": what a restored Python
    # fetches once the page is ready.
    boot_assets = [
        "pyodide/pyodide.mjs",
        "pyodide/pyodide.asm.mjs",
        "pyodide/pyodide.asm.wasm",
        "pyodide/pyodide-lock.json",
        PYTHON_LOADER,
        boot["stand_in"],
        boot["snapshot"],
    ]
    versions = {
        "pygames": wheel.name.split("-")[1],
        "pyodide": npm_version(pyodide_pkg),
        "pyscript": npm_version(pyscript_pkg),
    }
    info: dict[str, Any] = {
        "wheel": wheel.name,
        "versions": versions,
        "boot": boot,
        "boot_sizes": {name: (DIST / name).stat().st_size for name in boot_assets},
        "boot_optional": [boot["snapshot"]],
        "boot_later": [boot["stdlib"], *boot["archives"]],
    }
    (DIST / "build-info.json").write_text(json.dumps(info, indent=2) + "\n")
    write_service_worker()
    if compress:
        precompress()
    total = sum(f.stat().st_size for f in site_files())
    log(f"dist/ ready: {wheel.name}, {total / 1e6:.1f} MB in total")
    return info


def site_files() -> list[Path]:
    """Every file of the site in dist/ (not the precompressed copies)."""
    return sorted(
        f for f in DIST.rglob("*") if f.is_file() and f.suffix not in PRECOMPRESSED_SUFFIXES
    )


# PyScript's chunks for features Paddock does not use (editor, terminal, TOML, zip files…).
UNUSED_PYSCRIPT = re.compile(
    r"pyscript/(codemirror|xterm|toml|zip|pyodide_graph|mpy|storage|service-worker)"
)


def offline_files() -> list[str]:
    """What the service worker stores for offline play: all the site loads, no source maps."""
    names = [f.relative_to(DIST).as_posix() for f in site_files()]
    return [
        "./",
        *(
            n
            for n in names
            if not n.endswith(".map") and n != "sw.js" and not UNUSED_PYSCRIPT.match(n)
        ),
    ]


def write_service_worker() -> None:
    """dist/sw.js with this build's id and file list filled in."""
    files = offline_files()
    digest = hashlib.sha256()
    for name in files[1:]:
        digest.update(name.encode() + b"\0" + (DIST / name).read_bytes())
    build = {"id": digest.hexdigest()[:16], "files": files}
    text = (WEB / "sw.js").read_text(encoding="utf-8")
    if SW_PLACEHOLDER not in text:
        sys.exit(f"sw.js lost its {SW_PLACEHOLDER} placeholder")
    (DIST / "sw.js").write_text(text.replace(SW_PLACEHOLDER, json.dumps(build)), encoding="utf-8")


def precompress() -> None:
    """Brotli and gzip copies beside each file worth it (served by `build.py serve`)."""
    node = shutil.which("node")
    if node is None:
        log("no node: serving without precompressed copies")
        return
    files = [str(f) for f in site_files() if f.suffix != ".map"]
    run(
        [node, WEB / "tools" / "compress.mjs", str(COMPRESS_MIN_BYTES), *files],
        stdout=subprocess.DEVNULL,
    )


# --------------------------------------------------------------------------- serve

Rules = list[tuple[re.Pattern[str], dict[str, str]]]


def _pattern_regex(pattern: str) -> re.Pattern[str]:
    """Netlify path pattern: `*` matches anything (slashes too), `:name` one segment."""
    out = ""
    for token in re.split(r"(\*|:[A-Za-z_]\w*)", pattern):
        if token == "*":
            out += ".*"
        elif token.startswith(":"):
            out += "[^/]+"
        else:
            out += re.escape(token)
    return re.compile(out + r"/?\Z")


def load_header_rules(path: Path = NETLIFY_TOML) -> Rules:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    rules: Rules = []
    for block in data.get("headers", []):
        values = {str(k): str(v) for k, v in block.get("values", {}).items()}
        rules.append((_pattern_regex(str(block["for"])), values))
    return rules


def headers_for(rules: Rules, url_path: str) -> dict[str, str]:
    """All matching rules apply; a header set by several rules is joined with ", "."""
    merged: dict[str, str] = {}
    lower: dict[str, str] = {}
    for regex, values in rules:
        if regex.match(url_path):
            for name, value in values.items():
                key = lower.setdefault(name.lower(), name)
                merged[key] = f"{merged[key]}, {value}" if key in merged else value
    return merged


class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    rules: Rules = []
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".whl": "application/zip",
        ".py": "text/plain; charset=utf-8",
        ".webmanifest": "application/manifest+json",
        ".snapshot": "application/octet-stream",
    }

    def _rule_headers(self) -> dict[str, str]:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        headers = headers_for(self.rules, path)
        headers.setdefault("Cache-Control", NETLIFY_DEFAULT_CACHE)
        return headers

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        for name, value in self._rule_headers().items():
            if name.lower() == "content-type":
                return value
        return super().guess_type(path)

    def end_headers(self) -> None:
        for name, value in self._rule_headers().items():
            if name.lower() != "content-type":
                self.send_header(name, value)
        super().end_headers()

    def _accepted(self) -> list[str]:
        """Content codings the client accepts (``q=0`` means refused)."""
        out = []
        for part in self.headers.get("Accept-Encoding", "").split(","):
            name, _, params = part.strip().partition(";")
            if name and params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000"):
                out.append(name.strip().lower())
        return out

    def send_head(self) -> Any:
        """Like a production host: a brotli or gzip body when the client takes one.

        The copies are made at build time (``precompress``); a file without one is sent
        as it is. Conditional requests compare with the original file's time.
        """
        path = self.translate_path(self.path)
        if not os.path.isfile(path):
            return super().send_head()
        accepted = self._accepted()
        for coding, suffix in ENCODINGS:
            if coding in accepted and os.path.isfile(path + suffix):
                break
        else:
            self._vary = os.path.isfile(path + ".gz") or os.path.isfile(path + ".br")
            return super().send_head()
        original = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
                when = email.utils.parsedate_to_datetime(since)
                if when.tzinfo is None:
                    when = when.replace(tzinfo=datetime.UTC)
                if int(original.st_mtime) <= when.timestamp():
                    self.send_response(http.HTTPStatus.NOT_MODIFIED)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
        body = open(path + suffix, "rb")  # noqa: SIM115 (closed by the base class)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-type", self.guess_type(path))
        self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(os.fstat(body.fileno()).st_size))
        self.send_header("Last-Modified", self.date_time_string(int(original.st_mtime)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return body

    _vary = False

    def send_response(self, code: int, message: str | None = None) -> None:
        super().send_response(code, message)
        if self._vary:  # a compressible file sent as it is: caches must still tell apart
            self.send_header("Vary", "Accept-Encoding")
            self._vary = False

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        if os.environ.get("PADDOCK_SERVE_LOG"):
            super().log_message(format, *args)

    def log_error(self, format: str, *args: Any) -> None:  # noqa: A002
        super().log_message(format, *args)


def make_server(
    port: int = 8000, host: str = "127.0.0.1", directory: Path = DIST
) -> http.server.ThreadingHTTPServer:
    """Create (but do not start) the dist/ server; port 0 picks a free port."""
    Handler.rules = load_header_rules()
    handler = functools.partial(Handler, directory=str(directory))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve(port: int, do_build: bool) -> None:
    if do_build:
        build()
    if not (DIST / "index.html").exists():
        sys.exit("dist/ is not built; run `python3 build.py build` first")
    server = make_server(port)
    host, real_port = server.server_address[:2]
    print(f"Serving Paddock at http://{host!s}:{real_port}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


@contextlib.contextmanager
def serve_in_background(timeout: float = 20.0) -> Iterator[str]:
    """Run `build.py serve --no-build` on a free port; yields its URL (tests, benchmarks)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "build.py"), "serve", "--no-build", "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(url, timeout=2) as resp:
                    if resp.status == 200:
                        break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"`build.py serve` did not come up on {url}") from None
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


# --------------------------------------------------------------------------- test


def ensure_chromium() -> None:
    if Path("/usr/bin/chromium").exists():
        return
    apt = shutil.which("apt-get")
    if apt is None or os.geteuid() != 0:
        log("no /usr/bin/chromium and cannot apt-get it; tests use Playwright's own browser")
        return
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run([apt, "update"], env=env)
    run([apt, "install", "-y", "--no-install-recommends", "chromium"], env=env)


def test(pytest_args: list[str]) -> int:
    run([sys.executable, "-m", "pip", "install", "-q", "-e", ".[test]"])
    ensure_chromium()
    build()
    cmd = [sys.executable, "-m", "pytest", "tests", *pytest_args]
    log("$ " + " ".join(cmd))
    return subprocess.call(cmd, cwd=ROOT, env={**os.environ, "PADDOCK_DIST_BUILT": "1"})


# --------------------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("build", help="assemble dist/")
    p_serve = sub.add_parser("serve", help="serve dist/ on 127.0.0.1")
    p_serve.add_argument("--port", type=int, default=8000)
    p_serve.add_argument("--no-build", action="store_true", help="serve the existing dist/")
    sub.add_parser("test", help="install test deps, build and run pytest (extra args passed on)")
    sub.add_parser("bench", help="run benchmarks/run.py (extra args passed on)")
    args, rest = parser.parse_known_args(argv)

    if args.command not in ("test", "bench") and rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "build":
        build()
        return 0
    if args.command == "serve":
        serve(args.port, not args.no_build)
        return 0
    if args.command == "test":
        return test(rest)
    if args.command == "bench":
        bench = [sys.executable, str(ROOT / "benchmarks" / "run.py"), *rest]
        return subprocess.call(bench, cwd=ROOT)
    return 2


if __name__ == "__main__":
    sys.exit(main())

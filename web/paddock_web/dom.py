"""The only module that touches the browser (through Pyodide's ``js``).

The rest of the site talks to a :class:`Browser`, so it can be exercised on
CPython with a stand-in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from .html import Markup

ActHandler = Callable[[str, str, "str | None"], None]


class Browser(Protocol):
    def listen(self, handler: ActHandler) -> None: ...
    def render(self, body: Markup, lang: str, title: str) -> None: ...
    def storage_get(self, key: str) -> str | None: ...
    def storage_set(self, key: str, value: str) -> None: ...
    def storage_remove(self, key: str) -> None: ...
    def languages(self) -> list[str]: ...
    def get_hash(self) -> str: ...
    def set_hash(self, value: str) -> None: ...
    def read_form(self, form_id: str) -> dict[str, str]: ...
    def download(self, filename: str, text: str) -> None: ...
    def pick_file(self, callback: Callable[[str], None]) -> None: ...
    def later(self, ms: int, callback: Callable[[], None]) -> None: ...
    def set_ready(self) -> None: ...
    def reduced_motion(self) -> bool: ...
    def scroll_top(self) -> None: ...


def _v(value: Any) -> Any:
    """JavaScript ``null`` arrives as a ``JsNull`` object, not ``None``: fold it."""
    if value is None or type(value).__name__ in ("JsNull", "JsUndefined"):
        return None
    return value


class PyodideBrowser:
    """:class:`Browser` for the real page under Pyodide."""

    def __init__(self) -> None:
        import js
        from pyodide.ffi import (
            create_once_callable,
            create_proxy,
            to_js,
        )

        self.js = js
        self.doc = js.document
        self.root = js.document.getElementById("app")
        self._proxy = create_proxy
        self._once = create_once_callable
        self._to_js = to_js
        self._keep: list[Any] = []  # long-lived proxies must not be collected

    def listen(self, handler: ActHandler) -> None:
        def target_of(event: Any) -> Any:
            el = _v(event.target)
            if el is None or not hasattr(el, "closest"):
                return None
            el = _v(el.closest("[data-act]"))
            if el is None or el.hasAttribute("disabled"):
                return None
            return el

        def on_click(event: Any) -> None:
            el = target_of(event)
            if el is None:
                return
            event.preventDefault()
            handler(
                str(el.getAttribute("data-act")),
                _v(el.getAttribute("data-arg")) or "",
                _v(getattr(el, "value", None)),
            )

        def on_key(event: Any) -> None:
            if event.key not in ("Enter", " "):
                return
            el = target_of(event)
            # Native buttons already click on Enter/Space; SVG controls do not.
            if el is None or el.tagName.lower() == "button":
                return
            event.preventDefault()
            handler(str(el.getAttribute("data-act")), _v(el.getAttribute("data-arg")) or "", None)

        def on_submit(event: Any) -> None:
            event.preventDefault()
            handler("start", "", None)

        for name, fn in (("click", on_click), ("keydown", on_key), ("submit", on_submit)):
            proxy = self._proxy(fn)
            self._keep.append(proxy)
            self.root.addEventListener(name, proxy)

    def render(self, body: Markup, lang: str, title: str) -> None:
        active = _v(self.doc.activeElement)
        key = None
        if active is not None and hasattr(active, "getAttribute"):
            key = tuple(_v(active.getAttribute(name)) for name in ("data-act", "data-arg", "id"))
        self.root.innerHTML = str(body)
        self.doc.documentElement.lang = lang
        self.doc.title = title
        target = _v(self.root.querySelector("[autofocus]"))
        if target is None and key is not None:
            act, arg, id_ = key
            if id_:
                target = _v(self.doc.getElementById(id_))
            elif act:
                sel = f'[data-act="{act}"]' + (f'[data-arg="{arg}"]' if arg else "")
                target = _v(self.root.querySelector(sel))
        if target is not None:
            target.focus(
                self._to_js({"preventScroll": True}, dict_converter=self.js.Object.fromEntries)
            )

    def _storage(self) -> Any:
        try:
            return _v(self.js.window.localStorage)
        except Exception:
            return None

    def storage_get(self, key: str) -> str | None:
        store = self._storage()
        try:
            value = _v(store.getItem(key)) if store is not None else None
        except Exception:
            return None
        return None if value is None else str(value)

    def storage_set(self, key: str, value: str) -> None:
        store = self._storage()
        try:
            if store is not None:
                store.setItem(key, value)
        except Exception:
            pass  # storage full or blocked: play goes on, only autosave is lost

    def storage_remove(self, key: str) -> None:
        store = self._storage()
        try:
            if store is not None:
                store.removeItem(key)
        except Exception:
            pass

    def languages(self) -> list[str]:
        nav = self.js.navigator
        langs = list(nav.languages) if nav.languages else []
        return [str(x) for x in langs] or [str(nav.language or "en")]

    def get_hash(self) -> str:
        return str(self.js.location.hash or "")

    def set_hash(self, value: str) -> None:
        loc = self.js.location
        url = f"{loc.pathname}{loc.search}{value}"
        self.js.history.replaceState(None, "", url)

    def read_form(self, form_id: str) -> dict[str, str]:
        form = _v(self.doc.getElementById(form_id))
        if form is None:
            return {}
        out: dict[str, str] = {}
        for el in form.elements:
            name = el.name
            if not name:
                continue
            if el.type == "checkbox":
                if el.checked:
                    out[name] = "on"
            else:
                out[name] = str(el.value)
        return out

    def download(self, filename: str, text: str) -> None:
        blob = self.js.Blob.new(
            self._to_js([text]),
            self._to_js({"type": "application/json"}, dict_converter=self.js.Object.fromEntries),
        )
        url = self.js.URL.createObjectURL(blob)
        a = self.doc.createElement("a")
        a.href = url
        a.download = filename
        self.doc.body.appendChild(a)
        a.click()
        a.remove()
        self.later(1000, lambda: self.js.URL.revokeObjectURL(url))

    def pick_file(self, callback: Callable[[str], None]) -> None:
        picker = self.doc.createElement("input")
        picker.type = "file"
        picker.accept = ".json,application/json"
        picker.setAttribute("data-testid", "import-file")
        picker.className = "sr-only"

        def chosen(_event: Any) -> None:
            files = _v(picker.files)
            picker.remove()
            if files is None or files.length == 0:
                return
            files.item(0).text().then(self._once(lambda text: callback(str(text))))

        picker.addEventListener("change", self._once(chosen))
        self.doc.body.appendChild(picker)
        picker.click()

    def later(self, ms: int, callback: Callable[[], None]) -> None:
        self.js.setTimeout(self._once(callback), ms)

    def scroll_top(self) -> None:
        self.js.window.scrollTo(0, 0)

    def reduced_motion(self) -> bool:
        return bool(self.js.matchMedia("(prefers-reduced-motion: reduce)").matches)

    def set_ready(self) -> None:
        self.doc.documentElement.setAttribute("data-ready", "1")

    @staticmethod
    def fatal(message: str) -> None:
        import js

        root = js.document.getElementById("app")
        box = js.document.createElement("div")
        box.className = "notice"
        box.setAttribute("role", "alert")
        box.textContent = (
            "Sorry, Paddock could not start. Reload the page to try again. "
            "(Paddock konnte nicht starten. Bitte die Seite neu laden.)"
        )
        root.replaceChildren(box)
        js.console.error(message)

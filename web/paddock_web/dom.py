"""The only module that touches the browser (through Pyodide's ``js``).

The rest of the site talks to a :class:`Browser`, so it can be exercised on
CPython with a stand-in.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Protocol

from .html import Markup

ActHandler = Callable[[str, str, "str | None"], None]
SCRIPT_TAG = re.compile(r"<\s*/?\s*(?:script|py-|mpy-)", re.IGNORECASE)

GUARD_MS = 450
"""How long controls drawn for a new hand (another seat, a curtain) ignore all input.

A double click, a double tap or a second Enter that began on the previous player's
control lands well within this; passing the device takes longer."""

COLUMNS = ("main.table .side", "main.table .board-area")
"""The parts of a table that scroll when their content is larger than their room: the
side column (players, choices, lens, log) and, on a phone, the board's band."""
PEEK_PX = 56
"""How much of a panel brought into sight under the choices shows at least (its title
and a line)."""


class Browser(Protocol):
    def listen(self, handler: ActHandler) -> None: ...
    def render(
        self, body: Markup, lang: str, title: str, hand: str | None = None, place: str | None = None
    ) -> None:
        """Replace the page. When ``hand`` (whose controls these are) differs from the
        last render's, the new controls ignore input for ``GUARD_MS`` and any press that
        began before they were drawn. While ``place`` (a table seen by one viewer) stays
        the same, the table's scrolling columns (:data:`COLUMNS`) keep their scroll."""
        ...

    def storage_get(self, key: str) -> str | None: ...
    def storage_set(self, key: str, value: str) -> bool:
        """False when the browser refused the write (storage full or blocked)."""
        ...

    def storage_remove(self, key: str) -> None: ...
    def storage_keys(self) -> list[str]: ...
    def on_storage(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(key)`` when another tab changes the storage."""
        ...

    def languages(self) -> list[str]: ...
    def get_hash(self) -> str: ...
    def set_hash(self, value: str) -> None:
        """Replace the current history entry's hash."""
        ...

    def push_hash(self, value: str) -> None:
        """A new history entry (so Back returns to the screen before)."""
        ...

    def on_navigate(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(hash)`` when Back or Forward changes the hash."""
        ...

    def now_ms(self) -> float: ...
    def read_form(self, form_id: str) -> dict[str, str]: ...
    def download(self, filename: str, text: str, mime: str = "application/json") -> None: ...
    def open_window(self, hash_: str) -> None:
        """A second window of this same page at ``hash_`` (no link back to this one)."""

    def pick_file(self, callback: Callable[[str], None]) -> None: ...
    def later(self, ms: int, callback: Callable[[], None]) -> None: ...
    def set_ready(self) -> None: ...
    def reduced_motion(self) -> bool: ...
    def scroll_top(self) -> None: ...
    def scroll_into_view(self, selector: str, under: str | None = None) -> None:
        """Bring the first element ``selector`` finds into sight in its scrolling column
        with the least scrolling: whole if it fits, else its top at the column's top.
        The column scrolls no further than puts the element ``under`` finds (above it in
        the same column: the choices) at its top, unless that would leave less than
        :data:`PEEK_PX` of the element in sight. The page itself never scrolls."""

    def set_text(self, selector: str, text: str) -> None: ...
    def set_html(self, selector: str, markup: Markup) -> None:
        """Replace the content of the elements ``selector`` finds (no re-render)."""
        ...

    def lens_post(self, job: dict[str, Any]) -> None:
        """Send a job to the lens worker (started on first use); a new job replaces it."""
        ...

    def on_lens(self, callback: Callable[[dict[str, Any]], None]) -> None:
        """Call ``callback(message)`` with each message of the lens worker."""
        ...

    def worker_post(self, job: dict[str, Any]) -> None:
        """Send a computer player's or an advice job (``kind``) to the same worker."""
        ...

    def on_worker(self, callback: Callable[[dict[str, Any]], None]) -> None:
        """Call ``callback(message)`` with each answer to a :meth:`worker_post` job, and
        with ``{"kind": "failed", "error": …}`` if the worker itself fails."""
        ...

    def note(self, text: str) -> None:
        """A line in the browser's console (for whoever looks: nothing on the page)."""
        ...


def _scroll_to_show(el: Any, box: Any) -> float:
    """How far ``box`` must scroll (down if positive) to show ``el`` with the least
    scrolling: none if it is whole in sight, else its nearer edge at the box's edge (its
    top at the top when it is taller than the box)."""
    top = el.getBoundingClientRect().top - box.getBoundingClientRect().top
    bottom = top + el.getBoundingClientRect().height
    if top < 0:
        return float(top)
    if bottom > box.clientHeight:
        return float(min(top, bottom - box.clientHeight))
    return 0.0


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
        self._hand: str | None = None
        self._place: str | None = None
        self._focus_lost = False
        self._drawn_at = 0.0  # performance.now() when the current hand was drawn
        self._armed_until = 0.0
        self._press: float | None = None  # when the last pointer press began
        self._keys_down: dict[str, float] = {}
        self._lens_worker: Any = None
        self._lens_callback: Callable[[dict[str, Any]], None] | None = None
        self._worker_callback: Callable[[dict[str, Any]], None] | None = None

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
                # A click on a dialog's dimmed backdrop itself (not inside the dialog).
                backdrop = _v(event.target)
                spec = _v(backdrop.getAttribute("data-backdrop")) if backdrop else None
                if spec:
                    act, _, arg = str(spec).partition(":")
                    handler(act, arg, None)
                return
            event.preventDefault()
            handler(
                str(el.getAttribute("data-act")),
                _v(el.getAttribute("data-arg")) or "",
                _v(getattr(el, "value", None)),
            )

        def on_key(event: Any) -> None:
            if event.key == "Escape":
                # Escape closes the open dialog or drawer: its control marked data-escape.
                close = _v(self.root.querySelector("[data-escape]"))
                if close is not None:
                    event.preventDefault()
                    handler(
                        str(close.getAttribute("data-act")),
                        _v(close.getAttribute("data-arg")) or "",
                        None,
                    )
                return
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

        def on_input(event: Any) -> None:
            # Typing in a field marked data-live (a player's name) tells the app at once.
            el = _v(event.target)
            live = _v(el.getAttribute("data-live")) if el is not None else None
            if live is not None:
                handler("typed", str(live), str(el.value))
            elif el is not None and _v(el.closest("#setup-form")) is not None:
                handler("form_changed", "", None)  # a seat, an option, the seed

        for name, fn in (
            ("click", on_click),
            ("keydown", on_key),
            ("submit", on_submit),
            ("input", on_input),
        ):
            proxy = self._proxy(fn)
            self._keep.append(proxy)
            self.root.addEventListener(name, proxy)
        self._install_guards()

    # --- input guards -------------------------------------------------------------
    # Controls drawn for a new hand must only answer a deliberate act that began after
    # they appeared: a double click, a held Enter or a second tap meant for the previous
    # player's control must not act for the next player (or open their secrets).

    def _install_guards(self) -> None:
        def block(event: Any) -> None:
            event.preventDefault()
            event.stopImmediatePropagation()

        def on_pointerdown(event: Any) -> None:
            self._press = float(event.timeStamp)

        def on_keydown(event: Any) -> None:
            key = str(event.key)
            if key in ("Enter", " "):
                if event.repeat or self._armed():
                    block(event)  # a held key never acts twice
                    return
                self._keys_down[key] = float(event.timeStamp)
            elif key == "Tab":
                self._trap_focus(event)

        def on_keyup(event: Any) -> None:
            key = str(event.key)
            began = self._keys_down.pop(key, None)
            # Space clicks a button on release: not if it was pressed before this hand.
            if key == " " and (began is None or began < self._drawn_at):
                block(event)

        def on_click(event: Any) -> None:
            press, self._press = self._press, None
            if self._armed():
                block(event)
            elif int(event.detail or 0) > 0 and press is not None and press < self._drawn_at:
                block(event)  # the press began on what was there before

        target = self.doc
        for name, fn in (
            ("pointerdown", on_pointerdown),
            ("keydown", on_keydown),
            ("keyup", on_keyup),
            ("click", on_click),
        ):
            proxy = self._proxy(fn)
            self._keep.append(proxy)
            target.addEventListener(name, proxy, True)  # capture: before any control

    def _now(self) -> float:
        return float(self.js.performance.now())

    def _armed(self) -> bool:
        return self._now() < self._armed_until

    def _trap_focus(self, event: Any) -> None:
        """Tab and Shift+Tab stay inside an open dialog or curtain."""
        modal = _v(self.root.querySelector('[aria-modal="true"]'))
        if modal is None:
            return
        items = [
            el
            for el in modal.querySelectorAll(
                "button:not([disabled]), [href], input:not([disabled]), select, textarea, "
                '[tabindex]:not([tabindex="-1"])'
            )
            if el.getClientRects().length > 0
        ]
        active = _v(self.doc.activeElement)
        inside = active is not None and bool(modal.contains(active))
        if not items:
            event.preventDefault()
            return
        first, last = items[0], items[-1]
        if event.shiftKey and (not inside or active == first or active == modal):
            event.preventDefault()
            last.focus()
        elif not event.shiftKey and (not inside or active == last):
            event.preventDefault()
            first.focus()

    def _focus(self, target: Any) -> None:
        target.focus(
            self._to_js({"preventScroll": True}, dict_converter=self.js.Object.fromEntries)
        )

    def _disarm(self) -> None:
        if self._armed():
            return  # a later hand re-armed the page; its own timer will disarm
        self.root.removeAttribute("inert")
        self.root.removeAttribute("aria-disabled")
        target = self._focus_target()
        if target is None and self._focus_lost:
            target = self._heading()
        self._focus_lost = False
        if target is not None:
            self._focus(target)
            self._reveal_focus(target)

    def _heading(self) -> Any:
        """The screen's main heading, made focusable: where the focus goes when the
        control that had it left with its screen (not the page's body, from where the
        next Tab starts again at the top)."""
        target = _v(self.root.querySelector("main h1, main h2"))
        if target is not None and not _v(target.hasAttribute("tabindex")):
            target.setAttribute("tabindex", "-1")
        return target

    def _focus_target(self) -> Any:
        """Where a newly drawn screen puts the focus: inside an open dialog if there is
        one; a control the table marked ``data-focus``, else a heading marked
        ``data-focus="fallback"`` (a private panel's title)."""
        scope = _v(self.root.querySelector('[aria-modal="true"]')) or self.root
        return _v(scope.querySelector('[data-focus]:not([data-focus="fallback"])')) or _v(
            scope.querySelector("[data-focus]")
        )

    def render(
        self, body: Markup, lang: str, title: str, hand: str | None = None, place: str | None = None
    ) -> None:
        active = _v(self.doc.activeElement)
        key = None
        in_header = False
        if active is not None and hasattr(active, "getAttribute"):
            key = tuple(_v(active.getAttribute(name)) for name in ("data-act", "data-arg", "id"))
            in_header = _v(active.closest(".site-header")) is not None
        if SCRIPT_TAG.search(body):
            # Every text is escaped, so this can only be markup that must never reach a
            # page where PyScript runs Python from script tags: refuse the whole render.
            raise RuntimeError("refused to draw a script element")
        kept: dict[str, tuple[float, float]] = {}
        if place is not None and place == self._place:
            for selector in COLUMNS:
                box = _v(self.root.querySelector(selector))
                if box is not None and (box.scrollTop or box.scrollLeft):
                    kept[selector] = (box.scrollTop, box.scrollLeft)
        self._place = place
        self.root.innerHTML = str(body)
        for selector, (top, left) in kept.items():
            # The same viewer's table redrawn: a column stays where its reader scrolled
            # it (down to the lens; to a row of the board on a phone) instead of jumping
            # back to its start at every move.
            box = _v(self.root.querySelector(selector))
            if box is not None:
                box.scrollTop, box.scrollLeft = top, left
        self.doc.documentElement.lang = lang
        self.doc.title = title
        new_hand = hand is not None and hand != self._hand
        self._hand = hand
        # A control of the page had the focus (not the body): it left with the old page.
        self._focus_lost = self._focus_lost or (key is not None and any(key))
        if new_hand:
            now = self._now()
            self._drawn_at = now
            self._armed_until = now + GUARD_MS
            self.root.setAttribute("inert", "")
            self.root.setAttribute("aria-disabled", "true")
            self.later(GUARD_MS + 10, self._disarm)
            return
        if self._armed():
            return  # still guarding: the timer focuses the new hand's first control
        target = None
        if key is not None:
            act, arg, id_ = key
            if id_:
                found = _v(self.doc.getElementById(id_))
            elif act:
                sel = f'[data-act="{act}"]' + (f'[data-arg="{arg}"]' if arg else "")
                found = _v(self.root.querySelector(sel))
            else:
                found = None
            if found is not None and _v(found.hasAttribute("disabled")):
                found = None  # a button that went grey ("Step ▶" at the last step)
            # A switch in the header (Lens, a language) keeps the focus: pressed from the
            # keyboard, it must not send the next key press to a choice on the table.
            target = found if in_header else None
        # A table marks the control that should take the focus after a move.
        if target is None:
            marked = 'main.table [data-focus]:not([data-focus="fallback"])'
            target = _v(self.root.querySelector(marked))
        if target is None and key is not None:
            target = found
        # An open dialog (or drawer) keeps the focus inside it.
        modal = _v(self.root.querySelector('[aria-modal="true"]'))
        if target is None or (modal is not None and not modal.contains(target)):
            target = self._focus_target()
        if target is None and self._focus_lost:
            # Gone with its screen (Play on the home page, the last move, Close the
            # replay): the new screen's heading takes the focus.
            target = self._heading()
        self._focus_lost = False
        if target is not None:
            self._focus(target)
            self._reveal_focus(target)

    def _reveal_focus(self, target: Any) -> None:
        """Neither a kept scroll nor a focus that does not scroll may leave the choice
        that has the focus out of sight in its column (:data:`COLUMNS`, only it)."""
        box = self._column_of(target)
        if box is not None:
            box.scrollTop += _scroll_to_show(target, box)

    def _column_of(self, el: Any) -> Any:
        """The table's scrolling column (:data:`COLUMNS`) that holds ``el``, or None."""
        for selector in COLUMNS:
            box = _v(self.root.querySelector(selector))
            if box is not None and box.contains(el):
                return box
        return None

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

    def storage_set(self, key: str, value: str) -> bool:
        store = self._storage()
        if store is None:
            return False
        try:
            store.setItem(key, value)
        except Exception:
            return False  # storage full or blocked: the site tells the player
        return True

    def storage_remove(self, key: str) -> None:
        store = self._storage()
        try:
            if store is not None:
                store.removeItem(key)
        except Exception:
            pass

    def storage_keys(self) -> list[str]:
        store = self._storage()
        if store is None:
            return []
        try:
            return [str(store.key(i)) for i in range(int(store.length))]
        except Exception:
            return []

    def on_storage(self, callback: Callable[[str], None]) -> None:
        def changed(event: Any) -> None:
            callback(str(_v(event.key) or ""))

        proxy = self._proxy(changed)
        self._keep.append(proxy)
        self.js.window.addEventListener("storage", proxy)

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

    def push_hash(self, value: str) -> None:
        loc = self.js.location
        self.js.history.pushState(None, "", f"{loc.pathname}{loc.search}{value}")

    def on_navigate(self, callback: Callable[[str], None]) -> None:
        def moved(_event: Any) -> None:
            callback(self.get_hash())

        proxy = self._proxy(moved)
        self._keep.append(proxy)
        self.js.window.addEventListener("popstate", proxy)

    def now_ms(self) -> float:
        return float(self.js.Date.now())

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

    def download(self, filename: str, text: str, mime: str = "application/json") -> None:
        blob = self.js.Blob.new(
            self._to_js([text]),
            self._to_js({"type": mime}, dict_converter=self.js.Object.fromEntries),
        )
        url = self.js.URL.createObjectURL(blob)
        a = self.doc.createElement("a")
        a.href = url
        a.download = filename
        self.doc.body.appendChild(a)
        a.click()
        a.remove()
        self.later(1000, lambda: self.js.URL.revokeObjectURL(url))

    def open_window(self, hash_: str) -> None:
        loc = self.js.location
        self.js.window.open(f"{loc.pathname}{loc.search}{hash_}", "_blank", "noopener")

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

    def scroll_into_view(self, selector: str, under: str | None = None) -> None:
        # Only the table's column that holds it: the element's own scrollIntoView would
        # scroll every box around it too, the table's frame included.
        el = _v(self.root.querySelector(selector))
        box = self._column_of(el) if el is not None else None
        if box is None:
            return
        by = _scroll_to_show(el, box)
        keep = _v(box.querySelector(under)) if under else None
        if keep is not None:
            top = el.getBoundingClientRect().top - box.getBoundingClientRect().top
            # Its head at least: a panel that stayed wholly out of sight would seem
            # not to have opened.
            peek = top - (box.clientHeight - PEEK_PX)
            by = min(
                by, max(keep.getBoundingClientRect().top - box.getBoundingClientRect().top, peek)
            )
        box.scrollTop += by

    def set_text(self, selector: str, text: str) -> None:
        """Change the text of the elements ``selector`` finds (no re-render)."""
        for el in self.root.querySelectorAll(selector):
            el.textContent = text

    def set_html(self, selector: str, markup: Markup) -> None:
        if SCRIPT_TAG.search(markup):
            raise ValueError("refusing to insert script-like markup")
        for el in self.root.querySelectorAll(selector):
            el.innerHTML = str(markup)

    def _worker(self) -> Any:
        """The worker (started on first use): the lens's messages have no ``kind``."""
        if self._lens_worker is None:
            options = self._to_js({"type": "module"}, dict_converter=self.js.Object.fromEntries)
            self._lens_worker = self.js.Worker.new("./lens-worker.mjs", options)

            def message(event: Any) -> None:
                data = event.data.to_py()
                callback = self._worker_callback if "kind" in data else self._lens_callback
                if callback is not None:
                    callback(data)

            def failed(event: Any) -> None:
                if self._worker_callback is not None:
                    self._worker_callback({"kind": "failed", "error": str(event.message)})

            for name, handler in (("message", message), ("error", failed)):
                proxy = self._proxy(handler)
                self._keep.append(proxy)
                self._lens_worker.addEventListener(name, proxy)
        return self._lens_worker

    def lens_post(self, job: dict[str, Any]) -> None:
        data = self._to_js(job, dict_converter=self.js.Object.fromEntries)
        self._worker().postMessage(data)

    def on_lens(self, callback: Callable[[dict[str, Any]], None]) -> None:
        self._lens_callback = callback

    def worker_post(self, job: dict[str, Any]) -> None:
        self.lens_post(job)

    def on_worker(self, callback: Callable[[dict[str, Any]], None]) -> None:
        self._worker_callback = callback

    def note(self, text: str) -> None:
        self.js.console.info(text)

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

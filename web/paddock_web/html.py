"""Build HTML as strings where every text and attribute value is escaped.

Player names and all other text go through :func:`escape`, so they are shown
as text, never as markup::

    >>> str(h("b", {"title": "<x>"}, "Ann & <img>"))
    '<b title="&lt;x&gt;">Ann &amp; &lt;img&gt;</b>'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape as _escape
from typing import Union

VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "source", "wbr"})


class Markup(str):
    """A string that is already safe HTML."""


Child = Union["Markup", str, int, float, None, Iterable["Child"]]


def escape(text: object) -> str:
    return _escape(str(text), quote=True)


def render_children(children: Iterable[Child]) -> str:
    out: list[str] = []
    for child in children:
        if child is None or child is False:
            continue
        if isinstance(child, Markup):
            out.append(child)
        elif isinstance(child, str | int | float):
            out.append(escape(child))
        else:
            out.append(render_children(child))
    return "".join(out)


def h(tag: str, attrs: Mapping[str, object] | None = None, *children: Child) -> Markup:
    """One element. Attributes with value ``None``/``False`` are left out; ``True`` is bare."""
    parts = [tag]
    for name, value in (attrs or {}).items():
        if value is None or value is False:
            continue
        if value is True:
            parts.append(name)
        else:
            parts.append(f'{name}="{escape(value)}"')
    opening = "<" + " ".join(parts) + ">"
    if tag in VOID:
        return Markup(opening)
    return Markup(opening + render_children(children) + f"</{tag}>")


def join(*children: Child) -> Markup:
    return Markup(render_children(children))


def classes(*names: str | None | bool) -> str:
    return " ".join(n for n in names if isinstance(n, str) and n)

"""Checking JSON data against a ``TypedDict`` schema at run time (for the view contract).

The views' schemas are what mypy checks the tables and bots against, so a view that
does not match its schema would make those checks lie: the contract suite checks
every view it meets with :func:`mismatches`.
"""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, is_typeddict


def _typed_dict_hints(cls: Any) -> dict[str, Any]:
    """A TypedDict's field types, with generic parameters of its bases filled in."""
    hints = typing.get_type_hints(cls)
    binding: dict[Any, Any] = {}
    for base in getattr(cls, "__orig_bases__", ()):
        origin = get_origin(base)
        if origin is not None and is_typeddict(origin):
            params = getattr(origin, "__parameters__", ())
            binding.update(zip(params, get_args(base), strict=False))
    return {name: _bind(kind, binding) for name, kind in hints.items()}


def _bind(kind: Any, binding: dict[Any, Any]) -> Any:
    if isinstance(kind, TypeVar):
        return binding.get(kind, Any)
    args = get_args(kind)
    origin = get_origin(kind)
    if not args or origin is None or origin is Literal:
        return kind
    bound = tuple(_bind(a, binding) for a in args)
    if origin in (Union, types.UnionType):
        return Union[bound]  # noqa: UP007 (built at run time from a tuple)
    return origin[bound] if len(bound) > 1 else origin[bound[0]]


def mismatches(value: Any, kind: Any, path: str = "view") -> list[str]:
    """Where ``value`` does not fit the type ``kind`` (empty: it fits)."""
    if kind is Any or isinstance(kind, TypeVar):
        return []
    origin = get_origin(kind)
    args = get_args(kind)
    if origin in (Union, types.UnionType):
        tries = [mismatches(value, a, path) for a in args]
        return [] if any(not t for t in tries) else min(tries, key=len)
    if origin is Literal:
        return [] if value in args else [f"{path}: {value!r} is not one of {args}"]
    if is_typeddict(kind):
        if not isinstance(value, dict):
            return [f"{path}: expected an object ({kind.__name__}), got {type(value).__name__}"]
        hints = _typed_dict_hints(kind)
        out = [f"{path}.{k}: missing" for k in kind.__required_keys__ if k not in value]
        out += [f"{path}.{k}: not in {kind.__name__}" for k in value if k not in hints]
        for k, v in value.items():
            if k in hints:
                out += mismatches(v, hints[k], f"{path}.{k}")
        return out
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: expected a list, got {type(value).__name__}"]
        out = []
        for i, item in enumerate(value):
            out += mismatches(item, args[0] if args else Any, f"{path}[{i}]")
        return out
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path}: expected an object, got {type(value).__name__}"]
        out = []
        for k, v in value.items():
            out += mismatches(k, args[0], f"{path}<key>") if args else []
            out += mismatches(v, args[1], f"{path}[{k!r}]") if args else []
        return out
    if origin is tuple:
        if not isinstance(value, list | tuple):
            return [f"{path}: expected a pair/tuple, got {type(value).__name__}"]
        if len(args) == 2 and args[1] is Ellipsis:
            return [m for i, x in enumerate(value) for m in mismatches(x, args[0], f"{path}[{i}]")]
        if len(args) != len(value):
            return [f"{path}: expected {len(args)} items, got {len(value)}"]
        return [
            m
            for i, (x, a) in enumerate(zip(value, args, strict=True))
            for m in mismatches(x, a, f"{path}[{i}]")
        ]
    if kind is type(None):
        return [] if value is None else [f"{path}: expected null, got {value!r}"]
    if kind is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return [] if ok else [f"{path}: expected a number, got {value!r}"]
    if kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return [] if ok else [f"{path}: expected a whole number, got {value!r}"]
    if isinstance(kind, type):
        return (
            [] if isinstance(value, kind) else [f"{path}: expected {kind.__name__}, got {value!r}"]
        )
    return []

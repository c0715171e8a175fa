"""The memory snapshot ships as its difference from the wasm's data segments (build.py)."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

import build


def leb(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def active(offset: int, data: bytes, flags: int = 0) -> bytes:
    memory = leb(0) if flags == 2 else b""
    return leb(flags) + memory + b"\x41" + leb(offset) + b"\x0b" + leb(len(data)) + data


def passive(data: bytes) -> bytes:
    return leb(1) + leb(len(data)) + data


def wasm(*segments: bytes) -> bytes:
    """A wasm binary with a custom section (skipped) and a data section."""
    custom = b"\x04name"
    data = leb(len(segments)) + b"".join(segments)
    return (
        b"\0asm\x01\0\0\0" + b"\x00" + leb(len(custom)) + custom + b"\x0b" + leb(len(data)) + data
    )


def test_the_active_data_segments_are_read_with_their_offsets() -> None:
    binary = wasm(active(16, b"static"), passive(b"later"), active(300, b"x" * 200, flags=2))
    assert build.wasm_data_segments(binary) == [(16, b"static"), (300, b"x" * 200)]


def test_a_file_that_is_not_wasm_is_refused() -> None:
    with pytest.raises(ValueError, match="not a wasm"):
        build.wasm_data_segments(b"PK\x03\x04 a zip")


def test_the_difference_zeroes_unchanged_static_data_and_xors_back(tmp_path: Path) -> None:
    segments = [(8, b"interpreter data"), (40, b"\x01\x02\x03\x04")]
    header = bytes(struct.pack("<4I", 0x706E7300, 32, 0, 0)) + bytes(16)
    memory = bytearray(64)
    for offset, block in segments:
        memory[offset : offset + len(block)] = block
    memory[10] ^= 0x55  # a static the program changed before the snapshot
    memory[60] = 7  # heap, beyond the segments: kept as it is
    snapshot = tmp_path / "p.snapshot"
    snapshot.write_bytes(header + bytes(memory))

    delta = build.subtract_wasm_data(snapshot, segments)

    stored = snapshot.read_bytes()
    assert stored[:32] == header
    assert delta == {"header": 32, "until": 44, "check": build.memory_check(bytes(memory[:44]))}
    diff = stored[32:]
    assert diff[10] == 0x55 and diff[60] == 7
    assert sum(1 for i, b in enumerate(diff) if b and i not in (10, 60)) == 0
    # What python-loader.mjs does with a fresh instance's memory:
    fresh = bytearray(64)
    for offset, block in segments:
        fresh[offset : offset + len(block)] = block
    rebuilt = bytes(a ^ b for a, b in zip(diff, fresh, strict=True))
    assert rebuilt == bytes(memory)


def test_the_check_sees_one_changed_bit() -> None:
    words = bytes(range(64))
    changed = bytearray(words)
    changed[33] ^= 1
    assert build.memory_check(words) != build.memory_check(bytes(changed))
    # FNV-1a of the single word 0: (offset basis ^ 0) * prime, in 32 bits
    assert build.memory_check(bytes(4)) == (0x811C9DC5 * 0x01000193) & 0xFFFFFFFF

"""The app icons as PNG (for the web app manifest), drawn like web/favicon.svg.

    python3 web/tools/icon.py      # writes web/icons/*.png (committed)

Standard library only: the shape (a rounded green square with a gold horseshoe and its
nail holes) is simple enough to draw pixel by pixel, four samples per pixel each way.

    >>> render_icon(48)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    True
"""

from __future__ import annotations

import math
import struct
import zlib

GREEN = (0x2F, 0x6B, 0x3A)
GOLD = (0xF4, 0xD2, 0x7A)
SAMPLES = 4  # per pixel and axis
NAILS = ((18, 36), (19, 26), (25, 19), (39, 19), (45, 26), (46, 36))


def _colour_at(x: float, y: float, rounded: bool) -> tuple[int, int, int] | None:
    """The colour at (x, y) in the favicon's 64×64 units (None: transparent)."""
    if rounded:  # the rounded square, corner radius 14
        cx, cy = min(max(x, 14), 50), min(max(y, 14), 50)
        if (x - cx) ** 2 + (y - cy) ** 2 > 14**2:
            return None
    # The horseshoe: a centre line of two uprights (x = 18 and 46, y 30..50) joined by a
    # half circle of radius 14 around (32, 30), stroked 9 wide with round ends.
    if 30 <= y <= 50:
        distance = min(abs(x - 18), abs(x - 46))
    elif y > 50:
        distance = min(math.hypot(x - 18, y - 50), math.hypot(x - 46, y - 50))
    else:
        distance = abs(math.hypot(x - 32, y - 30) - 14)
    if distance <= 4.5 and not any((x - nx) ** 2 + (y - ny) ** 2 <= 4 for nx, ny in NAILS):
        return GOLD
    return GREEN


def render_icon(size: int, maskable: bool = False) -> bytes:
    """A ``size``×``size`` RGBA PNG. ``maskable``: full-bleed square with the shoe inset
    into the safe zone (platforms cut their own shape out of it)."""
    scale = 64 / size
    inset = 0.8 if maskable else 1.0  # maskable icons keep their content in the inner 80 %
    rows = bytearray()
    for py in range(size):
        rows.append(0)  # PNG filter: none
        for px in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x = (px + (sx + 0.5) / SAMPLES) * scale
                    y = (py + (sy + 0.5) / SAMPLES) * scale
                    if maskable:
                        x, y = 32 + (x - 32) / inset, 32 + (y - 32) / inset
                    colour = _colour_at(x, y, rounded=not maskable)
                    if maskable and colour is None:
                        colour = GREEN
                    if colour is not None:
                        acc[0] += colour[0]
                        acc[1] += colour[1]
                        acc[2] += colour[2]
                        acc[3] += 255
            n = SAMPLES * SAMPLES
            alpha = acc[3] // n
            if alpha:
                covered = acc[3] / 255
                rows += bytes(round(c / covered) for c in acc[:3]) + bytes([alpha])
            else:
                rows += b"\0\0\0\0"

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )


if __name__ == "__main__":
    from pathlib import Path

    out = Path(__file__).resolve().parents[1] / "icons"
    out.mkdir(exist_ok=True)
    for size in (192, 512):
        (out / f"icon-{size}.png").write_bytes(render_icon(size))
    (out / "icon-maskable-512.png").write_bytes(render_icon(512, maskable=True))

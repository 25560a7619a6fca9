#!/usr/bin/env python3
"""Draws the app icons (a cut gem on the console's purple) as PNG files in
pwa/icons/, with only the standard library. Run once; the PNGs are committed."""
import struct
import zlib
from pathlib import Path

BG = (35, 26, 74)
GEM = (91, 63, 196)
FACET = (140, 118, 230)
EDGE = (255, 255, 255)


def inside(poly, x, y):
    n, c = len(poly), False
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            c = not c
    return c


def draw(size, maskable=False):
    pad = 0.18 if maskable else 0.08
    s = lambda px, py: (size * (pad + (1 - 2 * pad) * px), size * (pad + (1 - 2 * pad) * py))
    gem = [s(.5, .06), s(.94, .36), s(.5, .96), s(.06, .36)]
    crown = [s(.06, .36), s(.94, .36), s(.5, .06)]
    table = [s(.3, .36), s(.7, .36), s(.5, .96)]
    rows = []
    for j in range(size):
        row = bytearray([0])
        for i in range(size):
            acc = [0, 0, 0]
            for dx, dy in ((.25, .25), (.75, .25), (.25, .75), (.75, .75)):
                x, y = i + dx, j + dy
                col = BG
                if inside(gem, x, y):
                    col = GEM
                    if inside(crown, x, y):
                        col = FACET
                    if inside(table, x, y):
                        col = tuple((a + b) // 2 for a, b in zip(GEM, EDGE)) if y < s(0, .37)[1] else FACET
                for k in range(3):
                    acc[k] += col[k]
            row += bytes(v // 4 for v in acc)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


out = Path(__file__).resolve().parent.parent / "pwa" / "icons"
out.mkdir(parents=True, exist_ok=True)
for size in (192, 512):
    (out / f"icon-{size}.png").write_bytes(draw(size))
(out / "maskable-512.png").write_bytes(draw(512, maskable=True))
(out / "apple-touch-icon.png").write_bytes(draw(180))
print("icons written to", out)

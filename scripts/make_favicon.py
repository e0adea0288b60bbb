#!/usr/bin/env python3
"""Draws web/favicon.ico (32x32: a white card with a red heart on the table's green),
the same picture as web/favicon.svg, for browsers and tools that ask for /favicon.ico.
Run it again after changing the picture: python3 scripts/make_favicon.py"""
import struct
import zlib
from pathlib import Path

SIZE = 32
GREEN, WHITE, RED, EDGE = (31, 95, 58, 255), (255, 253, 247, 255), (192, 38, 45, 255), (23, 72, 44, 255)


def pixel(x, y):
    # The heart: two circles over a triangle, in the card's middle.
    hx, hy = x - 16, y - 16
    if ((hx + 3) ** 2 + (hy + 2) ** 2 <= 12 or (hx - 3) ** 2 + (hy + 2) ** 2 <= 12
            or (hy >= -2 and abs(hx) <= 6 - (hy + 2) * 6 / 8)):
        return RED
    if 7 <= x <= 25 and 4 <= y <= 28:
        return EDGE if x in (7, 25) or y in (4, 28) else WHITE
    return GREEN


def png():
    rows = b''.join(b'\0' + b''.join(bytes(pixel(x, y)) for x in range(SIZE)) for y in range(SIZE))
    chunk = lambda kind, data: struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
    header = struct.pack('>IIBBBBB', SIZE, SIZE, 8, 6, 0, 0, 0)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) + chunk(b'IDAT', zlib.compress(rows, 9)) + chunk(b'IEND', b'')


def ico(image):
    return struct.pack('<HHH', 0, 1, 1) + struct.pack('<BBBBHHII', SIZE, SIZE, 0, 0, 1, 32, len(image), 22) + image


if __name__ == '__main__':
    target = Path(__file__).resolve().parent.parent / 'web' / 'favicon.ico'
    target.write_bytes(ico(png()))
    print(f'wrote {target}')

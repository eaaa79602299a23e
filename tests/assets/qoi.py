#!/usr/bin/env python3
"""Encodes raw RGBA bytes as QOI (https://qoiformat.org), following the reference qoi.h.

Usage: qoi.py WIDTH HEIGHT CHANNELS < pixels.rgba > out.qoi
"""
import struct
import sys


def encode(data, width, height, channels):
    out = bytearray(b"qoif" + struct.pack(">IIBB", width, height, channels, 0))
    index = [(0, 0, 0, 0)] * 64
    prev = (0, 0, 0, 255)
    run = 0
    pixels = [tuple(data[i:i + 4]) for i in range(0, width * height * 4, 4)]
    for n, px in enumerate(pixels):
        if px == prev:
            run += 1
            if run == 62 or n == len(pixels) - 1:
                out.append(0xC0 | (run - 1))
                run = 0
            continue
        if run:
            out.append(0xC0 | (run - 1))
            run = 0
        h = (px[0] * 3 + px[1] * 5 + px[2] * 7 + px[3] * 11) % 64
        if index[h] == px:
            out.append(h)
        else:
            index[h] = px
            if px[3] == prev[3]:
                dr = (px[0] - prev[0] + 128) % 256 - 128
                dg = (px[1] - prev[1] + 128) % 256 - 128
                db = (px[2] - prev[2] + 128) % 256 - 128
                dr_dg, db_dg = dr - dg, db - dg
                if -2 <= dr <= 1 and -2 <= dg <= 1 and -2 <= db <= 1:
                    out.append(0x40 | (dr + 2) << 4 | (dg + 2) << 2 | (db + 2))
                elif -32 <= dg <= 31 and -8 <= dr_dg <= 7 and -8 <= db_dg <= 7:
                    out += bytes([0x80 | (dg + 32), (dr_dg + 8) << 4 | (db_dg + 8)])
                else:
                    out += bytes([0xFE, px[0], px[1], px[2]])
            else:
                out += bytes([0xFF, *px])
        prev = px
    out += bytes([0] * 7 + [1])
    return bytes(out)


if __name__ == "__main__":
    w, h, c = (int(a) for a in sys.argv[1:4])
    sys.stdout.buffer.write(encode(sys.stdin.buffer.read(), w, h, c))

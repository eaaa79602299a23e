#!/usr/bin/env python3
"""Regenerates the test images in this folder (needs ImageMagick's `convert`).

The 4 × 4 test picture is written out pixel by pixel below, so that the tests can
state the same pixels as a literal; the sprite sheet is drawn by ImageMagick.
"""
import subprocess

from qoi import encode

# Row by row from the top-left: (red, green, blue, alpha).
PICTURE = [
    (255, 0, 0, 255), (255, 0, 0, 192), (255, 0, 0, 128), (255, 0, 0, 64),
    (0, 255, 0, 255), (0, 255, 0, 0), (0, 0, 255, 255), (0, 0, 255, 128),
    (255, 255, 255, 255), (0, 0, 0, 255), (10, 20, 30, 255), (200, 100, 50, 200),
    (255, 255, 0, 255), (255, 255, 0, 255), (255, 255, 0, 255), (255, 255, 0, 0),
]


def convert(*args, data=None):
    subprocess.run(["convert", *args], input=data, check=True)


raw = bytes(c for px in PICTURE for c in px)
# `-orient TopLeft`: without it ImageMagick 6.9 writes the top row first yet leaves the
# header's bottom-left origin, which every other reader (tinytga) flips.
tga = ["-orient", "TopLeft"]
convert("-size", "4x4", "-depth", "8", "rgba:-", *tga, "picture.tga", data=raw)
convert("-size", "4x4", "-depth", "8", "rgba:-", *tga, "-compress", "RLE", "picture_rle.tga", data=raw)
with open("picture.qoi", "wb") as f:
    f.write(encode(raw, 4, 4, 4))
# The colour-keyed BMP: the picture, opaque, with magenta where alpha was below 128.
keyed = bytes(
    c
    for (r, g, b, a) in PICTURE
    for c in ((r, g, b) if a >= 128 else (255, 0, 255))
)
convert("-size", "4x4", "-depth", "8", "rgb:-", "-type", "TrueColor", "BMP3:picture_key.bmp", data=keyed)

# A sprite sheet of four 8 × 8 frames in a row: a disc that grows, anti-aliased edges.
draw = []
for i, (color, radius) in enumerate([("red", 1.5), ("orange", 2.5), ("yellow", 3.2), ("lime", 3.9)]):
    cx = 8 * i + 3.5
    draw += ["-fill", color, "-draw", f"circle {cx},3.5 {cx + radius},3.5"]
convert("-size", "32x8", "xc:none", *draw, *tga, "sheet.tga")
# The same sheet as QOI (index, run and RGBA ops), and an opaque gradient (diff and
# luma ops), each beside a TGA of the same pixels.
sheet = subprocess.run(
    ["convert", "sheet.tga", "-depth", "8", "rgba:-"], check=True, capture_output=True
).stdout
with open("sheet.qoi", "wb") as f:
    f.write(encode(sheet, 32, 8, 4))
convert(
    "(", "-size", "2x16", "gradient:#404040-#5a6e30", ")",
    "(", "-size", "2x16", "gradient:#404040-#4c4838", ")",
    "+append", "-rotate", "90", "-depth", "8", *tga, "gradient.tga",
)
gradient = subprocess.run(
    ["convert", "gradient.tga", "-depth", "8", "rgba:-"], check=True, capture_output=True
).stdout
with open("gradient.qoi", "wb") as f:
    f.write(encode(gradient, 16, 4, 3))

"""Writes flame.rgba: a sheet of four 14x18 flame frames side by side (56x18 pixels),
8-bit RGBA rows top to bottom, each flame's edge anti-aliased in the alpha channel. The
frames sway the tip left and right and stretch it, so that played in a loop the flame
flickers. Run with python3 from this folder; the output is the same on every run."""
import math

W, H, FRAMES = 14, 18, 4

# Per frame: the tip's sideways shift (pixels) and its height (0 = as tall as the cell).
SWAY = [0.0, 1.6, 0.4, -1.4]
TIP = [0.5, 1.6, 0.9, 2.0]


def inside(x, y, sway, tip):
    """Signed distance-ish: > 0 inside the flame. A teardrop pointing up."""
    cx, cy, r = 7.0, 12.0, 5.6
    d_circle = r - math.hypot(x - cx, y - cy)
    # The tip: from the circle's sides up to (7.5 + sway, tip), bending as it rises.
    t = max(0.0, min(1.0, (12.0 - y) / (12.0 - tip)))
    half = (1.0 - t) * r * 0.98
    d_tip = half - abs(x - (cx + 0.5 * t + sway * t * t)) if y < 12.0 else -1.0
    return max(d_circle, d_tip)


def colour(x, y, tip):
    """Yellow at the heart, orange to red at the edge and the tip."""
    core = max(0.0, 1.0 - math.hypot(x - 7.0, y - 13.0) / 4.5)
    top = max(0.0, min(1.0, (13.0 - y) / (13.0 - tip)))
    r = 255
    g = int(90 + 150 * core - 40 * top)
    b = int(20 + 90 * core * core)
    return r, max(0, min(255, g)), max(0, min(255, b))


out = bytearray()
for py in range(H):
    for frame in range(FRAMES):
        sway, tip = SWAY[frame], TIP[frame]
        for px in range(W):
            # 4x4 samples per pixel for the coverage.
            cover = 0
            for sy in range(4):
                for sx in range(4):
                    if inside(px + (sx + 0.5) / 4, py + (sy + 0.5) / 4, sway, tip) > 0:
                        cover += 1
            a = round(255 * cover / 16)
            r, g, b = colour(px + 0.5, py + 0.5, tip)
            out += bytes([r, g, b, a])
open("flame.rgba", "wb").write(bytes(out))

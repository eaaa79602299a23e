"""Writes flame.rgba: a 14×18 flame icon, 8-bit RGBA rows top to bottom, its edge
anti-aliased in the alpha channel. Run with python3 from this folder."""
import math

W, H = 14, 18


def inside(x, y):
    """Signed distance-ish: > 0 inside the flame. A teardrop pointing up, with a notch."""
    # Flame body: a circle at the bottom, narrowing to a tip at the top.
    cx, cy, r = 7.0, 12.0, 5.6
    d_circle = r - math.hypot(x - cx, y - cy)
    # The tip: a triangle from the circle's sides up to (7.5, 0.5).
    t = max(0.0, min(1.0, (12.0 - y) / 11.5))
    half = (1.0 - t) * r * 0.98
    d_tip = half - abs(x - (cx + 0.5 * t)) if y < 12.0 else -1.0
    return max(d_circle, d_tip)


def colour(x, y):
    """Yellow at the heart, orange to red at the edge and the tip."""
    core = max(0.0, 1.0 - math.hypot(x - 7.0, y - 13.0) / 4.5)
    top = max(0.0, min(1.0, (13.0 - y) / 12.0))
    r = 255
    g = int(90 + 150 * core - 40 * top)
    b = int(20 + 90 * core * core)
    return r, max(0, min(255, g)), max(0, min(255, b))


out = bytearray()
for py in range(H):
    for px in range(W):
        # 4×4 samples per pixel for the coverage.
        cover = 0
        for sy in range(4):
            for sx in range(4):
                if inside(px + (sx + 0.5) / 4, py + (sy + 0.5) / 4) > 0:
                    cover += 1
        a = round(255 * cover / 16)
        r, g, b = colour(px + 0.5, py + 0.5)
        out += bytes([r, g, b, a])
open("flame.rgba", "wb").write(bytes(out))

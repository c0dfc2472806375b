"""Colour vision deficiencies simulated, and how far apart two colours look.

The simulation is Machado, Oliveira and Fernandes (2009), severity 1.0 (the full
dichromacies: protanopia, deuteranopia, tritanopia), applied to linear RGB. Distances are
CIEDE2000 (Sharma, Wu and Dalal 2005) in CIELAB under D65.
"""

from __future__ import annotations

import math

Matrix = tuple[tuple[float, float, float], ...]

MACHADO: dict[str, Matrix] = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}

RGB = tuple[float, float, float]


def parse(css: str) -> RGB:
    """``rgb(r, g, b)`` (a computed style) or ``#rrggbb``, as 0-255 floats."""
    css = css.strip()
    if css.startswith("#"):
        return (int(css[1:3], 16), int(css[3:5], 16), int(css[5:7], 16))
    inner = css[css.index("(") + 1 : css.index(")")].replace(",", " ").split()
    return (float(inner[0]), float(inner[1]), float(inner[2]))


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def simulate(rgb: RGB, kind: str) -> tuple[float, float, float]:
    """``rgb`` as seen with ``kind`` (a key of :data:`MACHADO`), in linear RGB 0-1."""
    lin = [_linear(c) for c in rgb]
    return tuple(  # type: ignore[return-value]
        min(1.0, max(0.0, sum(m * v for m, v in zip(row, lin, strict=True))))
        for row in MACHADO[kind]
    )


def lab(linear: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = linear
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def ciede2000(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    l1, a1, b1 = a
    l2, a2, b2 = b
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cm = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(cm**7 / (cm**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lm, cmp_ = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hm = (h1p + h2p) / 2
    else:
        hm = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hm - 30))
        + 0.24 * math.cos(math.radians(2 * hm))
        + 0.32 * math.cos(math.radians(3 * hm + 6))
        - 0.20 * math.cos(math.radians(4 * hm - 63))
    )
    dtheta = 30 * math.exp(-(((hm - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cmp_**7 / (cmp_**7 + 25**7))
    sl = 1 + 0.015 * (lm - 50) ** 2 / math.sqrt(20 + (lm - 50) ** 2)
    sc = 1 + 0.045 * cmp_
    sh = 1 + 0.015 * cmp_ * t
    rt = -math.sin(math.radians(2 * dtheta)) * rc
    return math.sqrt(
        (dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh)
    )


def distance(a: RGB, b: RGB, kind: str) -> float:
    """How far apart ``a`` and ``b`` look with ``kind``: CIEDE2000."""
    return ciede2000(lab(simulate(a, kind)), lab(simulate(b, kind)))

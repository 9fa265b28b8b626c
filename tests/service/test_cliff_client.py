"""A stock CLIFF client (``mediacloud-cliff`` on PyPI, the one CLIFF's own docs point to)
pointed at the service, unchanged, over loopback: it POSTs a form to CLIFF's versioned path
``/cliff-2.6.1/parse/text`` and reads the answer as CLIFF's."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi")
cliff_api = pytest.importorskip("cliff.api", reason="mediacloud-cliff (the `test` extra)")
if not hasattr(cliff_api, "Cliff"):  # another package named `cliff` (OpenStack's)
    pytest.skip("mediacloud-cliff is not the `cliff` installed", allow_module_level=True)

from geoparser.service.cliff_schemas import CliffAnswer  # noqa: E402
from tests.service.conftest import TEXTS  # noqa: E402


def test_the_stock_mediacloud_cliff_client_parses_text_unchanged(server, client):
    answer = cliff_api.Cliff(server).parse_text(TEXTS[1])
    assert answer["status"] == "ok"
    CliffAnswer.model_validate(answer, strict=True)
    names = {m["name"] for m in answer["results"]["places"]["mentions"]}
    assert {"Austin", "Houston"} <= names
    assert answer == client.get("/parse/text", params={"q": TEXTS[1]}).json()


def test_the_stock_client_with_demonyms_and_language_is_answered(server):
    answer = cliff_api.Cliff(server).parse_text(TEXTS[0], demonyms=True, language="EN")
    assert {"Galway", "Cork"} <= {m["name"] for m in answer["results"]["places"]["mentions"]}

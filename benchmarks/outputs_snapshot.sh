#!/bin/bash
# Every output a refactoring must leave byte for byte as it was, written into OUT: parse on the
# captions and on the first 60 documents of GeoVirus and GeoWebNews (with candidates, and with
# --points natural-earth), resolve of both whole corpora under the context, population and
# learned policies, and run on the captions. Run it before and after a change and compare the
# two folders with `diff -r` (run's compare.* and report.* hold throughputs and the output path,
# which change from run to run). See docs/development.md, "Refactoring".
#
#   bash benchmarks/outputs_snapshot.sh OUT [CORPORA]     (CORPORA: ../shared/corpora)
set -euo pipefail
out=$(realpath -m "$1"); corpora=$(realpath "${2:-../shared/corpora}")
mkdir -p "$out/in"
T=".venv/bin/python -m geoparser -q"
$T convert "$corpora/geovirus/GeoVirus.xml" --from geovirus > "$out/in/gv.jsonl"
$T convert "$corpora/geowebnews/brat" --from gwn > "$out/in/gwn.jsonl"
$T parse --in data/captions --out "$out/captions.jsonl" --with-candidates
for c in gv gwn; do
  head -60 "$out/in/$c.jsonl" > "$out/in/${c}60.jsonl"
  $T parse --in "$out/in/${c}60.jsonl" --out "$out/${c}60.jsonl" --with-candidates
  $T parse --in "$out/in/${c}60.jsonl" --out "$out/${c}60.natural.jsonl" --points natural-earth
  for policy in context population learned; do
    $T resolve --gold "$out/in/$c.jsonl" --out "$out/$c.resolve.$policy.jsonl" \
      --policy "$policy" --context-ner none
  done
done
$T run --gold data/captions --out "$out/run" > /dev/null

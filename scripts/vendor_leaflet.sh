#!/bin/sh
# Reproduce evaluation/reports/vendor/leaflet.{js,css} from the npm registry package
# leaflet@1.9.4 (BSD-2-Clause) and check them against the hashes recorded in
# evaluation/reports/vendor/README.md. Needs npm; run from the repository root.
set -eu
VERSION=1.9.4
DEST=evaluation/reports/vendor
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
(cd "$TMP" && npm pack --silent "leaflet@$VERSION" >/dev/null && tar xzf "leaflet-$VERSION.tgz")
cp "$TMP/package/dist/leaflet.js" "$TMP/package/dist/leaflet.css" "$DEST/"
cp "$TMP/package/LICENSE" "$DEST/LEAFLET-LICENSE.txt"
cd "$DEST"
sha256sum -c <<SUMS
db49d009c841f5ca34a888c96511ae936fd9f5533e90d8b2c4d57596f4e5641a  leaflet.js
a7837102824184820dfa198d1ebcd109ff6d0ff9a2672a074b9a1b4d147d04c6  leaflet.css
SUMS

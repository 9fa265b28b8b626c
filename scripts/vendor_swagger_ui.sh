#!/bin/sh
# Reproduce geoparser/service/vendor/swagger-ui-bundle.js and swagger-ui.css (the service's
# /docs page) from the npm registry package swagger-ui-dist@5.32.0 (Apache-2.0) and check the
# tarball and the files against the hashes recorded in geoparser/service/vendor/README.md.
# Needs npm; run from the repository root.
set -eu
VERSION=5.32.0
DEST=geoparser/service/vendor
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
(cd "$TMP" && npm pack --silent "swagger-ui-dist@$VERSION" >/dev/null \
  && sha256sum -c <<SUMS && tar xzf "swagger-ui-dist-$VERSION.tgz")
3c30bfe83d09763d14b4c88df0beade8ca162087a2fa5db3f34472f231ab3ba9  swagger-ui-dist-$VERSION.tgz
SUMS
cp "$TMP/package/swagger-ui-bundle.js" "$TMP/package/swagger-ui.css" "$DEST/"
cp "$TMP/package/LICENSE" "$DEST/SWAGGER-UI-LICENSE.txt"
cp "$TMP/package/NOTICE" "$DEST/SWAGGER-UI-NOTICE.txt"
cp "$TMP/package/swagger-ui-bundle.js.LICENSE.txt" "$DEST/swagger-ui-bundle.js.LICENSE.txt"
cd "$DEST"
sha256sum -c <<SUMS
d9bbb469128e88a974c78e76457c3910babb4649447d901af19a60335a09ee1e  swagger-ui-bundle.js
b024df29b02b4943bf95cb835fce9d19d4559c14e374b0dd36a89b27a223a2da  swagger-ui.css
SUMS

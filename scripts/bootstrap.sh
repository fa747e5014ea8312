#!/usr/bin/env bash
# Installs whatever a fresh machine lacks: npm dependencies, nats-server and PostgreSQL (Debian) and FerretDB (Go).
# Idempotent and quiet when everything is already there; every step is here so CI needs nothing by hand.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '[bootstrap] %s\n' "$*" >&2; }

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # Not `npm ci`: the registry reachable here serves only this platform's optional native builds (@swc/core,
  # @unrs/resolver), so the lock file cannot list the others and `npm ci` refuses it as out of sync.
  # `npm install` installs exactly the locked versions and leaves the lock file unchanged.
  log "installing npm dependencies (npm install, from package-lock.json)"
  npm install --no-audit --no-fund --loglevel=error
fi

# The administration page (admin/, docs/admin.md): built into admin/dist, which the gateway serves at /admin,
# when there is no build or one of its sources is newer than it.
if [ ! -f admin/dist/index.html ] || [ -n "$(find admin/index.html admin/vite.config.ts admin/package.json admin/tsconfig.json admin/src -newer admin/dist/index.html -print -quit)" ]; then
  log "building the administration page (admin/dist)"
  npm run -s build -w admin >/dev/null
fi

# Headless Chromium for the administration page's end-to-end tests (`npm test` passes --browser): Debian's
# package, driven by playwright-core (Playwright's own browser download cannot work here).
if [ "${1:-}" = "--browser" ] && [ ! -x /usr/bin/chromium ]; then
  log "installing chromium from Debian's packages (end-to-end tests of the administration page)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi

if ! command -v nats-server >/dev/null 2>&1 && [ ! -x /usr/sbin/nats-server ]; then
  log "installing nats-server from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq nats-server >/dev/null
fi

# The DANFE tests render the PDF to PNG (pdftoppm) and read its text (pdftotext): Debian's poppler-utils.
if ! command -v pdftoppm >/dev/null 2>&1; then
  log "installing poppler-utils (pdftoppm, pdftotext) from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq poppler-utils >/dev/null
fi

# The signature tests verify with an implementation independent of the signer's (xml-crypto): Debian's xmlsec1.
if ! command -v xmlsec1 >/dev/null 2>&1; then
  log "installing xmlsec1 (independent XML signature verifier for the tests) from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq xmlsec1 >/dev/null
fi

# PostgreSQL under FerretDB. Debian puts its binaries in /usr/lib/postgresql/<major>/bin, not on PATH; the
# scripts find the highest major there (scripts/stack/binaries.ts) and create their own cluster with initdb.
# (Installing the package may also create and start Debian's own cluster on 5432; the scripts never use it.)
if ! command -v initdb >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  log "installing PostgreSQL from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi

FERRETDB_VERSION=v1.24.2
gobin="$(go env GOPATH)/bin"
# A FerretDB binary that starts: `go install` of the tagged module can succeed and still give a binary that panics
# at start, because the module lacks the version file FerretDB's release task generates (build/version/version.txt).
ferretdb_works() { "$1" --version >/dev/null 2>&1; }
ferretdb_bin="$(command -v ferretdb 2>/dev/null || echo "$gobin/ferretdb")"
if [ ! -x "$ferretdb_bin" ] || ! ferretdb_works "$ferretdb_bin"; then
  log "installing FerretDB $FERRETDB_VERSION (first time only, about a minute)"
  # Build the tagged module's source with the version file written, as FerretDB's release task does. Not plain
  # `go install pkg@version`: its binary lacks that file, and the module proxy here may also refuse the version
  # list that `go install` reads for deprecation notices (the module itself downloads fine).
  src=$(GOTOOLCHAIN=local go mod download -json "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
  work=$(mktemp -d)
  cp -r "$src/." "$work/"
  chmod -R u+w "$work"
  echo "$FERRETDB_VERSION" >"$work/build/version/version.txt"
  mkdir -p "$gobin"
  (cd "$work" && GOTOOLCHAIN=local go build -o "$gobin/ferretdb" ./cmd/ferretdb)
  rm -rf "$work"
  ferretdb_works "$gobin/ferretdb" || { log "the FerretDB build does not start: $("$gobin/ferretdb" --version 2>&1 | head -1)"; exit 1; }
fi

# kustomize renders deploy/k8s for test/deploy/manifests.test.ts (the version kubectl 1.32 embeds is older).
KUSTOMIZE_VERSION=v5.7.1
if ! command -v kustomize >/dev/null 2>&1 && [ ! -x "$gobin/kustomize" ]; then
  log "installing kustomize $KUSTOMIZE_VERSION with go install (first time only, about a minute)"
  GOTOOLCHAIN=local go install "sigs.k8s.io/kustomize/kustomize/v5@$KUSTOMIZE_VERSION"
fi

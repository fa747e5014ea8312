#!/usr/bin/env bash
# Installs whatever a fresh machine lacks: npm dependencies, nats-server and PostgreSQL (Debian) and FerretDB (Go).
# Idempotent and quiet when everything is already there; every step is here so CI needs nothing by hand.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '[bootstrap] %s\n' "$*" >&2; }

# --browser: Chromium for the administration page's tests; --ferretdb-stock: also the unpatched FerretDB (below).
install_browser=0
build_stock_ferretdb=0
for flag in "$@"; do
  case "$flag" in
    --browser) install_browser=1 ;;
    --ferretdb-stock) build_stock_ferretdb=1 ;;
    *) log "unknown option $flag"; exit 2 ;;
  esac
done

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
# package, driven by playwright-core (Playwright's own browser download cannot work here). With its language packs:
# without pt-BR.pak it renders dates and numbers of its own controls (a date field's "dd/mm/aaaa") in en-US.
if [ "$install_browser" = 1 ] && { [ ! -x /usr/bin/chromium ] || [ ! -f /usr/lib/chromium/locales/pt-BR.pak ]; }; then
  log "installing chromium and its language packs from Debian's packages (end-to-end tests of the administration page)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-l10n >/dev/null
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

# FerretDB: the tagged module's source with the project's patch applied (scripts/ferretdb-patch/README.md: its
# filters served by indexes, and no hang on an update command of many matching updates), installed beside any other
# FerretDB as GOPATH/bin/ferretdb-<build> (ferretdb-v1.24.2-index.2), which is the one binary the launcher starts
# (scripts/stack/binaries.ts). Rebuilt when that binary is missing, does not start, says another version, or was
# built from another patch: `--version` prints the patch's sha256 as its commit. `--ferretdb-stock` also builds
# the unpatched release as ferretdb-v1.24.2, which `npm run -s bench:ferretdb` measures beside the patched one.
FERRETDB_BUILD=$(cat scripts/ferretdb-patch/version)
FERRETDB_UPSTREAM=${FERRETDB_BUILD%%-*}
FERRETDB_PATCH="$PWD/scripts/ferretdb-patch/index.patch"
gobin="$(go env GOPATH)/bin"
# True when the binary starts and prints this version and commit (a build lacking FerretDB's generated version
# file panics at start: plain `go install pkg@version` gives one).
ferretdb_is() { [ -x "$1" ] && [ "$("$1" --version 2>/dev/null | sed -n 's/^version: //p;s/^commit: //p' | paste -sd' ')" = "$2 $3" ]; }
# build_ferretdb OUTPUT VERSION COMMIT [PATCH]: builds the module's source, with PATCH applied if given, writing
# the version files FerretDB's release task generates. Not plain `go install pkg@version`: that binary lacks them,
# and the module proxy here may also refuse the version list `go install` reads (the module itself downloads fine).
build_ferretdb() {
  local src work
  src=$(GOTOOLCHAIN=local go mod download -json "github.com/FerretDB/FerretDB@$FERRETDB_UPSTREAM" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
  work=$(mktemp -d)
  cp -r "$src/." "$work/"
  chmod -R u+w "$work"
  if [ -n "${4:-}" ]; then (cd "$work" && git apply "$4"); fi
  echo "$2" >"$work/build/version/version.txt"
  echo "$3" >"$work/build/version/commit.txt"
  mkdir -p "$(dirname "$1")"
  (cd "$work" && GOTOOLCHAIN=local go build -o "$1.$$.new" ./cmd/ferretdb)
  rm -rf "$work"
  ferretdb_is "$1.$$.new" "$2" "$3" || { log "the FerretDB build does not start: $("$1.$$.new" --version 2>&1 | head -1)"; exit 1; }
  mv "$1.$$.new" "$1"
}
patch_commit="patch-sha256-$(sha256sum "$FERRETDB_PATCH" | cut -c1-16)"
if ! ferretdb_is "$gobin/ferretdb-$FERRETDB_BUILD" "$FERRETDB_BUILD" "$patch_commit"; then
  log "building FerretDB $FERRETDB_BUILD ($FERRETDB_UPSTREAM with scripts/ferretdb-patch; about a minute)"
  build_ferretdb "$gobin/ferretdb-$FERRETDB_BUILD" "$FERRETDB_BUILD" "$patch_commit" "$FERRETDB_PATCH"
fi
if [ "$build_stock_ferretdb" = 1 ] && ! ferretdb_is "$gobin/ferretdb-$FERRETDB_UPSTREAM" "$FERRETDB_UPSTREAM" unknown; then
  log "building the unpatched FerretDB $FERRETDB_UPSTREAM for comparison (about a minute)"
  build_ferretdb "$gobin/ferretdb-$FERRETDB_UPSTREAM" "$FERRETDB_UPSTREAM" unknown
fi

# kustomize renders deploy/k8s for test/deploy/manifests.test.ts (the version kubectl 1.32 embeds is older).
KUSTOMIZE_VERSION=v5.7.1
if ! command -v kustomize >/dev/null 2>&1 && [ ! -x "$gobin/kustomize" ]; then
  log "installing kustomize $KUSTOMIZE_VERSION with go install (first time only, about a minute)"
  GOTOOLCHAIN=local go install "sigs.k8s.io/kustomize/kustomize/v5@$KUSTOMIZE_VERSION"
fi

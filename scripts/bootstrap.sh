#!/usr/bin/env bash
# Installs whatever a fresh machine lacks: npm dependencies, nats-server (Debian) and FerretDB (Go).
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

if ! command -v nats-server >/dev/null 2>&1 && [ ! -x /usr/sbin/nats-server ]; then
  log "installing nats-server from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq nats-server >/dev/null
fi

FERRETDB_VERSION=v1.24.2
gobin="$(go env GOPATH)/bin"
if ! command -v ferretdb >/dev/null 2>&1 && [ ! -x "$gobin/ferretdb" ]; then
  log "installing FerretDB $FERRETDB_VERSION with go install (first time only, about a minute)"
  if ! GOTOOLCHAIN=local go install "github.com/FerretDB/FerretDB/cmd/ferretdb@$FERRETDB_VERSION" 2>.data-ferretdb-install.log; then
    # The module proxy here refuses the module's version list, which `go install pkg@version` reads to look
    # for deprecation notices; the module itself downloads fine. Build the same tagged source instead,
    # writing the version file FerretDB's own release task would generate.
    log "go install failed ($(tail -1 .data-ferretdb-install.log)); building the downloaded $FERRETDB_VERSION module instead"
    src=$(GOTOOLCHAIN=local go mod download -json "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
    work=$(mktemp -d)
    cp -r "$src/." "$work/"
    chmod -R u+w "$work"
    echo "$FERRETDB_VERSION" >"$work/build/version/version.txt"
    mkdir -p "$gobin"
    (cd "$work" && GOTOOLCHAIN=local go build -o "$gobin/ferretdb" ./cmd/ferretdb)
    rm -rf "$work"
  fi
  rm -f .data-ferretdb-install.log
fi

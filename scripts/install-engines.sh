#!/usr/bin/env bash
# Installs the engines that `npm run dev` and `npm test` start locally, when they are missing:
#   - redis-server, redis-cli and redis-sentinel, from Debian's packages (the last two for the
#     multi-node topologies of TEST_REDIS_TOPOLOGY, scripts/redis-cluster.ts and redis-sentinel.ts);
#   - FerretDB v1 (MongoDB wire protocol on SQLite), built from the Go modules pinned in
#     scripts/ferretdb/ into $(go env GOPATH)/bin, with two fixes (patch_ferretdb below);
#   - with --if-needed (what `npm test` runs), also Debian's chromium, for the console's browser
#     tests (test/browser); `npm run dev` does not need it.
# Usage: scripts/install-engines.sh [--if-needed]
#   --if-needed  install chromium when it is missing (CHROMIUM_PATH may name one of the caller's);
#                then do nothing more when REDIS_URL and MONGO_URL are both set (engines supplied
#                by the caller).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

log() { echo "[engines] $*" >&2; }
as_root() { if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

# Debian's chromium, where the browser tests look for it (CHROMIUM_PATH, else /usr/bin/chromium);
# never Playwright's own browser download. A failure here does not stop the run: the browser tests
# then fail, saying how to get chromium. (Called in an `||` list, so no `set -e`: each step checks.)
install_chromium() {
  if [[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]]; then return 0; fi
  if [[ -n "${CHROMIUM_PATH:-}" ]]; then
    log "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable."
    return 1
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    log "chromium is missing and this is not a Debian machine: install Chromium and set CHROMIUM_PATH."
    return 1
  fi
  log "installing chromium from Debian's packages, for the console's browser tests..."
  local started=$SECONDS
  as_root apt-get update -qq || return 1
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends \
    chromium fonts-liberation >/dev/null || return 1
  log "chromium installed in $((SECONDS - started)) s"
}

if [[ "${1:-}" == "--if-needed" ]]; then
  install_chromium || log "chromium could not be installed: the browser tests (test/browser) will fail."
  if [[ -n "${REDIS_URL:-}" && -n "${MONGO_URL:-}" ]]; then
    exit 0
  fi
fi

install_redis() {
  local missing=() command
  for command in redis-server redis-cli redis-sentinel; do
    command -v "$command" >/dev/null 2>&1 || missing+=("$command")
  done
  if [[ ${#missing[@]} -eq 0 ]]; then return 0; fi
  if ! command -v apt-get >/dev/null 2>&1; then
    if command -v redis-server >/dev/null 2>&1; then
      log "${missing[*]} missing: TEST_REDIS_TOPOLOGY=cluster and sentinel need them (Redis 7)."
      return 0
    fi
    log "redis-server is missing and this is not a Debian machine: install Redis 7 (or set REDIS_URL)."
    return 1
  fi
  log "installing ${missing[*]} from Debian's packages..."
  local started=$SECONDS
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends \
    redis-server redis-tools redis-sentinel >/dev/null
  log "redis-server, redis-tools and redis-sentinel installed in $((SECONDS - started)) s"
}

# The FerretDB local-engines.ts runs when FERRETDB_BIN is not set: our build in GOPATH, else one
# on PATH; empty when there is neither.
ferretdb_path() {
  if command -v go >/dev/null 2>&1 && [[ -x "$(go env GOPATH)/bin/ferretdb" ]]; then
    echo "$(go env GOPATH)/bin/ferretdb"
    return
  fi
  command -v ferretdb || true
}

# Marks our build: `ferretdb --version` prints it as the package; a build without it lacks the fixes.
ferretdb_package="funnel-sync-id-lookups"

# Two fixes to FerretDB v1's SQLite back end, in scripts/ferretdb/sqlite-id-lookups.patch:
# - it indexes `_id` as `_ferretdb_sjson->"_id"` but queried it as `_ferretdb_sjson->'$._id'`;
#   SQLite uses an expression index only for the same expression, so every read, update and
#   delete by `_id` scanned the whole table. Queries now use the index's expression (both
#   extract the same value).
# - it handed SQLite a filter of one `_id` but not a list (`{_id: {$in: [...]}}`), which it
#   decoded document by document in Go. A list of strings or ObjectIDs now goes to SQLite too,
#   as `IN (...)` through the same index; the handler still tests what SQLite returns against
#   the whole filter.
# Documents are then found by `_id`, one or a list, through the index, as on MongoDB.
patch_ferretdb() {
  if ! (cd "$1" && git apply "$here/ferretdb/sqlite-id-lookups.patch"); then
    log "could not apply scripts/ferretdb/sqlite-id-lookups.patch to FerretDB's source"
    return 1
  fi
  echo "$ferretdb_package" >"$1/build/version/package.txt"
}

install_ferretdb() {
  local bin
  # The caller's own FerretDB is used as it is (without the fixes, `_id` lookups scan).
  if [[ -n "${FERRETDB_BIN:-}" ]]; then return 0; fi
  bin="$(ferretdb_path)"
  if [[ -n "$bin" && -x "$bin" && "$("$bin" --version 2>/dev/null)" == *"package: $ferretdb_package"* ]]; then
    return 0
  fi
  if ! command -v go >/dev/null 2>&1; then
    log "ferretdb is missing and Go is not installed: install Go 1.24+ (apt-get install golang-go) and rerun, or set MONGO_URL."
    return 1
  fi
  # One found without the fixes (an earlier build) is replaced by ours in GOPATH.
  bin="$(go env GOPATH)/bin/ferretdb"
  log "building FerretDB v1.24.2 from Go modules (the first time takes a few minutes)..."
  local started=$SECONDS src module_dir
  # The module is fetched and checked against scripts/ferretdb/go.sum. `go install ...@v1.24.2`
  # is not used: it needs the proxy's version list, and its binary panics at start because the
  # module lacks the generated build/version/version.txt, which the build below supplies.
  module_dir="$(cd "$here/ferretdb" && go mod download github.com/FerretDB/FerretDB &&
    go list -m -f '{{.Dir}}' github.com/FerretDB/FerretDB)"
  src="$(mktemp -d)"
  trap 'rm -rf "$src"' RETURN
  cp -r "$module_dir/." "$src/"
  chmod -R u+w "$src"
  echo "v1.24.2" >"$src/build/version/version.txt"
  patch_ferretdb "$src"
  mkdir -p "$(dirname "$bin")"
  (cd "$src" && go build -trimpath -o "$bin" ./cmd/ferretdb)
  log "ferretdb installed at $bin in $((SECONDS - started)) s"
}

install_redis
install_ferretdb

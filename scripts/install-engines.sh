#!/usr/bin/env bash
# Installs the engines that `npm run dev` and `npm test` start locally, when they are missing:
#   - redis-server, redis-cli and redis-sentinel, from Debian's packages (the last two for the
#     multi-node topologies of TEST_REDIS_TOPOLOGY, scripts/redis-cluster.ts and redis-sentinel.ts);
#   - PostgreSQL 15 with DocumentDB and its MongoDB gateway, built from the archives in
#     scripts/engines/sources/ and kept in ~/.cache/funnel-sync/engines (engines/install-documentdb.sh);
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

install_redis
bash "$here/engines/install-documentdb.sh"

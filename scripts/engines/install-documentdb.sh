#!/usr/bin/env bash
# Installs the MongoDB-compatible engine that `npm run dev` and the tests start locally:
# PostgreSQL 15 from Debian's packages, with pg_cron, pgvector and DocumentDB (Microsoft's
# MongoDB-compatible engine on PostgreSQL) built from the archives in scripts/engines/sources/,
# and DocumentDB's gateway, which speaks MongoDB's wire protocol, built with cargo (its crates
# from crates.io, pinned by its Cargo.lock).
#
# What it builds is kept in $XDG_CACHE_HOME/funnel-sync/engines/<archive>-<checksum>/ (default
# ~/.cache): the files `make install` made, the gateway, and `installed.sha256`, the checksums of
# the files it put under /usr. A run that finds those files in place, and the gateway as built,
# does nothing more; one that finds them changed puts the cached ones back; only a new archive
# builds again. scripts/local-engines.ts finds the gateway through the link `documentdb_gateway`
# in that folder.
# Usage: scripts/engines/install-documentdb.sh   (Debian 12; root, or a user who may sudo)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
sources="$here/sources"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/funnel-sync/engines"

pg_major=15
# In build order: DocumentDB's extension requires the other two.
components=(pg_cron-1.6.3 pgvector-0.8.0 documentdb-b2e220c4)
documentdb=documentdb-b2e220c4
# The gateway's dependencies need a recent Rust; Debian 12's own cargo (0.66, Rust 1.63) is too
# old, its cargo-web package (Rust 1.85 and later) is recent enough.
min_rust_minor=85

packages=(build-essential pkg-config libssl-dev openssl "postgresql-$pg_major"
  "postgresql-server-dev-$pg_major" "postgresql-$pg_major-rum" "postgresql-$pg_major-postgis-3"
  libbson-dev libpcre2-dev libintelrdfpmath-dev libkrb5-dev)

log() { echo "[engines] $*" >&2; }
as_root() { if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

checksum_of() { awk -v name="$1.tar.gz" '$2 == name { print $1 }' "$sources/SHA256SUMS"; }
cache_dir() { echo "$cache/$1-$(checksum_of "$1" | cut -c1-12)"; }

# Whether what `make install` put under / is there as built (paths in the marker are relative).
installed() { [[ -f "$1/installed.sha256" ]] && (cd / && sha256sum --check --status "$1/installed.sha256"); }
staged() { [[ -f "$1/installed.sha256" ]] && (cd "$1/root" && sha256sum --check --status ../installed.sha256); }
gateway_built() { [[ -f "$1/gateway.sha256" ]] && (cd "$1" && sha256sum --check --status gateway.sha256); }

server_present() { [[ -x /usr/lib/postgresql/$pg_major/bin/postgres && -x /usr/lib/postgresql/$pg_major/bin/initdb ]]; }

all_ready() {
  server_present || return 1
  local component
  for component in "${components[@]}"; do installed "$(cache_dir "$component")" || return 1; done
  gateway_built "$(cache_dir "$documentdb")"
}

link_gateway() {
  ln -sfn "$(cache_dir "$documentdb")/documentdb_gateway" "$cache/documentdb_gateway"
}

install_packages() {
  local missing=() package
  for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
      missing+=("$package")
  done
  if [[ ${#missing[@]} -eq 0 ]]; then return 0; fi
  log "installing ${missing[*]} from Debian's packages..."
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
}

ensure_cargo() {
  if command -v cargo >/dev/null 2>&1; then
    local minor
    minor="$(cargo --version | sed -E 's/^cargo 1\.([0-9]+).*/\1/')"
    if [[ "$minor" =~ ^[0-9]+$ && "$minor" -ge "$min_rust_minor" ]]; then return 0; fi
    log "$(cargo --version) is too old for DocumentDB's gateway (1.$min_rust_minor or later):" \
      "remove Debian's cargo and rustc and rerun (it then installs cargo-web), or update Rust."
    return 1
  fi
  log "installing cargo-web (Rust) from Debian's packages, for DocumentDB's gateway..."
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends \
    cargo-web >/dev/null
}

# Debian ships the Intel decimal library without the pkg-config file DocumentDB's Makefile asks
# for; this one names its variant 000 (arguments by value, no global rounding mode or flags),
# the variant DocumentDB's own build scripts compile.
intel_math_pkgconfig() {
  local dir="$1/pkgconfig"
  if pkg-config --exists intelmathlib; then return 0; fi
  mkdir -p "$dir"
  cat >"$dir/intelmathlib.pc" <<PC
Name: intelmathlib
Description: Debian's libintelrdfpmath-dev, variant 000
Version: 2.0u2
Cflags:
Libs: /usr/lib/$(gcc -print-multiarch)/libbidgcc000.a
PC
  export PKG_CONFIG_PATH="$dir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
}

# DocumentDB's options to make: no LLVM bitcode (it would need Debian's clang), and with a
# libbson older than 1.24 (Debian 12 has 1.23), the binary subtype that version added (0x08),
# which DocumentDB names in a switch.
documentdb_make_options() {
  local options=(with_llvm=no)
  if ! grep -rqs BSON_SUBTYPE_SENSITIVE /usr/include/libbson-1.0/; then
    options+=("COPT=-DBSON_SUBTYPE_SENSITIVE=0x08 -Wno-error=switch")
  fi
  printf '%s\n' "${options[@]}"
}

# Builds one archive in $work, and `make install`s it into <cache dir>/root.
build_component() {
  local component="$1" work="$2" dir="$3" jobs
  jobs="$(nproc)"
  tar -xzf "$sources/$component.tar.gz" -C "$work"
  rm -rf "$dir.partial" && mkdir -p "$dir.partial/root"
  local destdir="$dir.partial/root"
  case "$component" in
    pg_cron-*)
      make -s -C "$work/$component" -j"$jobs" with_llvm=no
      make -s -C "$work/$component" install with_llvm=no DESTDIR="$destdir"
      ;;
    pgvector-*)
      # OPTFLAGS empty: no -march=native, so the build runs on any x86-64 the cache moves to.
      make -s -C "$work/$component" -j"$jobs" with_llvm=no OPTFLAGS=
      make -s -C "$work/$component" install with_llvm=no OPTFLAGS= DESTDIR="$destdir"
      ;;
    documentdb-*)
      local options part
      mapfile -t options < <(documentdb_make_options)
      intel_math_pkgconfig "$work"
      for part in pg_documentdb_core pg_documentdb; do
        make -s -C "$work/$component/$part" -j"$jobs" "${options[@]}"
        make -s -C "$work/$component/$part" install "${options[@]}" DESTDIR="$destdir"
      done
      # The gateway after the core: its error-code macros read a table the core's build generates
      # (pg_documentdb_core/include/utils/external_error_mapping.csv).
      (cd "$work/$component/pg_documentdb_gw" && cargo build --release --locked --quiet)
      cp "$work/$component/pg_documentdb_gw/target/release/documentdb_gateway" "$dir.partial/"
      (cd "$dir.partial" && sha256sum documentdb_gateway >gateway.sha256)
      ;;
  esac
  (cd "$destdir" && find . -type f | sed 's|^\./||' | sort | xargs sha256sum) \
    >"$dir.partial/installed.sha256"
  rm -rf "$dir" && mv "$dir.partial" "$dir"
}

# Copies a cached build into /usr, leaving the folders there as they are.
install_staged() {
  tar -C "$1/root" -cf - . | as_root tar -C / -xf - --no-same-owner --no-overwrite-dir
}

install_all() {
  (cd "$sources" && sha256sum --check --quiet SHA256SUMS) || {
    log "scripts/engines/sources/: an archive does not match SHA256SUMS"
    return 1
  }
  install_packages
  local component dir work
  work="$(mktemp -d "$cache/build.XXXXXX")"
  # shellcheck disable=SC2064 # the folder is known now; at exit, `work` is out of scope
  trap "rm -rf '$work'" EXIT
  for component in "${components[@]}"; do
    dir="$(cache_dir "$component")"
    if installed "$dir" && { [[ $component != "$documentdb" ]] || gateway_built "$dir"; }; then
      continue
    fi
    if ! staged "$dir" || { [[ $component == "$documentdb" ]] && ! gateway_built "$dir"; }; then
      log "building $component (scripts/engines/sources)..."
      local started=$SECONDS build_log="$cache/$component.build.log"
      [[ $component == "$documentdb" ]] && ensure_cargo
      # Compilers' warnings go to the log; its end is shown when the build fails. In the
      # background, then waited for: in an `if`, bash would run it without `set -e`.
      (build_component "$component" "$work" "$dir") >"$build_log" 2>&1 &
      if ! wait $!; then
        tail -n 40 "$build_log" >&2
        log "building $component failed; its whole log: $build_log"
        return 1
      fi
      log "$component built in $((SECONDS - started)) s"
    fi
    install_staged "$dir"
    installed "$dir" || {
      log "$component: the files installed under /usr differ from its build in $dir"
      return 1
    }
  done
}

main() {
  mkdir -p "$cache"
  if all_ready; then
    link_gateway
    return 0
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    log "PostgreSQL $pg_major with DocumentDB is missing and this is not a Debian machine:" \
      "build it from scripts/engines/sources (see its README), or set MONGO_URL to a MongoDB."
    return 1
  fi
  local started=$SECONDS
  # One build at a time, when several checkouts install at once; the next finds it done.
  exec 9>"$cache/.lock"
  flock 9
  if ! all_ready; then
    install_all
    log "PostgreSQL $pg_major with DocumentDB ready in $((SECONDS - started)) s"
  fi
  link_gateway
}

main

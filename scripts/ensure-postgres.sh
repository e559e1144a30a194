#!/usr/bin/env bash
# The PostgreSQL tests start a throwaway server from Debian's binaries (scripts/lib/postgres-server.ts,
# docs/decisions/0103-throwaway-postgres-for-tests.md). Install them when missing (as root), or fail
# clearly: never skip.
set -euo pipefail
if [ -n "${QUADS_PG_BIN:-}" ] && [ -x "$QUADS_PG_BIN/initdb" ]; then exit 0; fi
for bin in /usr/lib/postgresql/*/bin; do
  major=$(basename "$(dirname "$bin")")
  if [[ "$major" =~ ^[0-9]+$ ]] && [ "$major" -ge 15 ] && [ -x "$bin/initdb" ]; then exit 0; fi
done
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "PostgreSQL is missing: installing Debian's postgresql package (the server, with pg_trgm)..."
  apt-get update -qq
  # policy-rc.d: install the binaries without starting the system's own cluster.
  policy=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    policy=/usr/sbin/policy-rc.d
    printf '#!/bin/sh\nexit 101\n' > "$policy" && chmod +x "$policy"
  fi
  status=0
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null || status=$?
  [ -n "$policy" ] && rm -f "$policy"
  [ "$status" = 0 ] || exit "$status"
  for bin in /usr/lib/postgresql/*/bin; do [ -x "$bin/initdb" ] && exit 0; done
fi
echo "ERROR: PostgreSQL 15 or newer is required for the PostgreSQL tests and is not installed (/usr/lib/postgresql/<version>/bin)." >&2
echo "Install it with: sudo apt-get install -y postgresql   (or set QUADS_PG_BIN to a bin directory holding initdb and postgres)" >&2
exit 1

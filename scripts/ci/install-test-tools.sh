#!/usr/bin/env bash
# Installs the programs some tests run besides the app (Debian packages; nothing downloaded from
# elsewhere), each only when it is missing:
#   nginx (nginx-light): server/ops/https-through-nginx.test.ts runs deploy/nginx in front of the app;
#   pg_dump, pg_restore, psql (postgresql-client): the restore drill (scripts/restore-drill.sh).
set -euo pipefail
CI_TAG=tools
. "$(dirname "$0")/lib.sh"

packages=()
if [ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1; then
  ci_log "present: $( (/usr/sbin/nginx -v || nginx -v) 2>&1 | head -n 1)"
else
  packages+=(nginx-light)
fi
if command -v pg_dump >/dev/null 2>&1 && command -v pg_restore >/dev/null 2>&1 && command -v psql >/dev/null 2>&1; then
  ci_log "present: $(pg_dump --version)"
else
  packages+=(postgresql-client)
fi
if [ ${#packages[@]} -gt 0 ]; then
  apt_install --no-install-recommends "${packages[@]}"
fi

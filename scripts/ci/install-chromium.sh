#!/usr/bin/env bash
# Installs Debian's chromium for the browser tests (playwright-core drives /usr/bin/chromium; no
# browser downloads). Does nothing when it is already there.
set -euo pipefail
CI_TAG=chromium
. "$(dirname "$0")/lib.sh"

if [ -x /usr/bin/chromium ]; then
  ci_log "present: $(/usr/bin/chromium --version 2>/dev/null | tail -n 1)"
  exit 0
fi
ci_log "/usr/bin/chromium is missing: installing Debian's chromium package"
apt_install chromium
[ -x /usr/bin/chromium ] || ci_fail "apt-get finished but /usr/bin/chromium is still missing"
ci_log "installed: $(/usr/bin/chromium --version 2>/dev/null | tail -n 1)"

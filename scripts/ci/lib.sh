# Shared helpers for the CI scripts (sourced, not run).

ci_log() { printf '[%s] %s\n' "${CI_TAG:-ci}" "$*"; }
ci_fail() {
  printf '[%s] ERROR: %s\n' "${CI_TAG:-ci}" "$*" >&2
  exit 1
}

# Root runs apt-get directly; anyone else needs password-less sudo.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo "$@"
  else
    ci_fail "need root (or password-less sudo) to run: $*"
  fi
}

# apt-get install with one `apt-get update` per hour at most (the marker spares CI a second update
# when both chromium and a service are missing). Waits for a running apt/dpkg instead of failing.
apt_install() {
  local marker=/tmp/.crewtrade-apt-updated
  export DEBIAN_FRONTEND=noninteractive
  if [ -z "$(find "$marker" -mmin -60 2>/dev/null)" ]; then
    ci_log "apt-get update"
    as_root apt-get -o DPkg::Lock::Timeout=600 -q update
    touch "$marker" 2>/dev/null || true
  fi
  ci_log "apt-get install -y $*"
  as_root apt-get -o DPkg::Lock::Timeout=600 -q install -y "$@"
}

# wait_for SECONDS COMMAND...: retries COMMAND once a second until it succeeds or time runs out.
wait_for() {
  local seconds=$1
  shift
  for _ in $(seq "$seconds"); do
    "$@" && return 0
    sleep 1
  done
  "$@"
}

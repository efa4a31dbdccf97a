#!/usr/bin/env bash
# Makes sure the services the tests need answer on 127.0.0.1:
#   PostgreSQL on 5432, user postgres without a password (trust auth): each test file creates its
#   own throwaway database there;
#   Redis on 6379: the realtime tests run two app instances over the Socket.IO Redis adapter.
# Services that already answer are left alone. Otherwise PostgreSQL is started from the machine's
# own cluster, or else from a throwaway cluster in a temp folder (installing the postgresql package
# when needed); Redis is started without persistence (installing redis-server when needed).
set -euo pipefail
CI_TAG=services
. "$(dirname "$0")/lib.sh"

PG_PORT=5432
REDIS_PORT=6379

tcp_open() { timeout 3 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null; }

pg_answers() {
  if command -v pg_isready >/dev/null 2>&1; then
    pg_isready -q -h 127.0.0.1 -p "$PG_PORT"
  else
    tcp_open "$PG_PORT"
  fi
}

# True when user postgres gets in without a password (what the tests do).
pg_trusts() {
  psql -w -q -X -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -Atc 'select 1' >/dev/null 2>&1
}

start_machine_cluster() {
  local ver
  for ver in $(ls /etc/postgresql 2>/dev/null | sort -rV); do
    [ -d "/etc/postgresql/$ver/main" ] || continue
    ci_log "starting the machine's cluster: pg_ctlcluster --skip-systemctl-redirect $ver main start"
    if as_root pg_ctlcluster --skip-systemctl-redirect "$ver" main start && wait_for 30 pg_answers; then
      return 0
    fi
    ci_log "the $ver/main cluster did not come up on 127.0.0.1:$PG_PORT"
  done
  return 1
}

pg_bindir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

# PostgreSQL refuses to run as root, so as root the cluster belongs to the postgres user.
start_throwaway_cluster() {
  local bindir dir ver
  bindir=$(pg_bindir)
  if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
    apt_install postgresql
    bindir=$(pg_bindir)
    [ -n "$bindir" ] || ci_fail "the postgresql package installed no server under /usr/lib/postgresql"
    # The package creates and may start its own cluster, with password auth: fine if it trusts us,
    # otherwise it must free the port for ours.
    if wait_for 5 pg_answers; then
      if pg_trusts; then return 0; fi
      for ver in $(ls /etc/postgresql 2>/dev/null); do
        as_root pg_ctlcluster --skip-systemctl-redirect "$ver" main stop || true
      done
    fi
  fi
  dir=$(mktemp -d /tmp/crewtrade-pg.XXXXXX)
  local run=()
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home --home-dir "$dir" postgres
    chown postgres: "$dir"
    run=(runuser -u postgres --)
  fi
  ci_log "initdb (trust auth) into $dir/data"
  "${run[@]}" "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; ci_fail "initdb failed"; }
  ci_log "pg_ctl start on 127.0.0.1:$PG_PORT (log: $dir/postgres.log)"
  # A throwaway cluster: durability settings off for speed.
  "${run[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -c unix_socket_directories=$dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null || { tail -n 20 "$dir/postgres.log" >&2 || true; ci_fail "PostgreSQL did not start"; }
  wait_for 30 pg_answers
}

ensure_postgres() {
  if pg_answers; then
    ci_log "PostgreSQL answers at 127.0.0.1:$PG_PORT"
  else
    ci_log "PostgreSQL does not answer at 127.0.0.1:$PG_PORT"
    start_machine_cluster || start_throwaway_cluster || ci_fail "could not start PostgreSQL"
  fi
  if command -v psql >/dev/null 2>&1; then
    pg_trusts || ci_fail "PostgreSQL at 127.0.0.1:$PG_PORT refuses user postgres without a password; the tests need trust auth"
    ci_log "PostgreSQL ready: $(psql -w -X -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -Atc 'show server_version') (user postgres, trust auth)"
  else
    ci_log "PostgreSQL ready (psql is not installed, so trust auth was not checked)"
  fi
}

redis_answers() {
  if command -v redis-cli >/dev/null 2>&1; then
    [ "$(timeout 3 redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]
  else
    timeout 3 bash -c "exec 3<>/dev/tcp/127.0.0.1/$REDIS_PORT && printf 'PING\r\n' >&3 && IFS= read -r line <&3 && [[ \$line == +PONG* ]]" 2>/dev/null
  fi
}

ensure_redis() {
  if redis_answers; then
    ci_log "Redis answers at 127.0.0.1:$REDIS_PORT"
    # The fault tests (server/faults/) start Redis servers of their own.
    command -v redis-server >/dev/null 2>&1 || apt_install redis-server
    return 0
  fi
  ci_log "Redis does not answer at 127.0.0.1:$REDIS_PORT"
  if ! command -v redis-server >/dev/null 2>&1; then
    apt_install redis-server
    # The package may have started its own server.
    if wait_for 3 redis_answers; then
      ci_log "Redis ready (started by the redis-server package)"
      return 0
    fi
  fi
  local logfile=/tmp/crewtrade-redis.log
  ci_log "starting: redis-server --daemonize yes --bind 127.0.0.1 --port $REDIS_PORT --save \"\" --appendonly no (log: $logfile)"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" --save "" --appendonly no --logfile "$logfile"
  wait_for 15 redis_answers || { tail -n 20 "$logfile" >&2 || true; ci_fail "Redis did not answer after starting"; }
  ci_log "Redis ready"
}

ensure_postgres
ensure_redis

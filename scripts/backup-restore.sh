#!/usr/bin/env bash
# Backups of Crewtrade's two stores of data, and the restore drill (docs/operations.md, "Backups").
#
#   scripts/backup-restore.sh backup  DATABASE_URL UPLOAD_DIR BACKUP_DIR
#       pg_dump (custom format) of the database, a tar of the uploads folder, and the row count of
#       every table, into BACKUP_DIR (created). Safe while the app runs: pg_dump reads one snapshot.
#   scripts/backup-restore.sh restore BACKUP_DIR DATABASE_URL UPLOAD_DIR --yes
#       WIPES the database's public schema and the uploads folder, restores both from BACKUP_DIR,
#       and checks every table's row count against the backup's. Stop the app instances first.
#   scripts/backup-restore.sh drill   DATABASE_URL UPLOAD_DIR
#       The drill, harmless to the live data: backs up, restores into a scratch database beside it
#       (same server, name suffixed _drill) and a scratch folder, compares counts and files, and
#       removes the scratch copies. Exits non-zero when anything differs.
#
# Needs pg_dump, pg_restore and psql of the server's major version (PostgreSQL 15) or newer.
set -euo pipefail

die() {
  echo "backup-restore: $*" >&2
  exit 1
}
need() { command -v "$1" >/dev/null 2>&1 || die "$1 is missing (Debian: apt-get install -y postgresql-client)"; }
for tool in pg_dump pg_restore psql tar; do need "$tool"; done

# "table count" lines, sorted: the app's tables and MikroORM's record of migrations.
row_counts() {
  psql "$1" -X -q -At -v ON_ERROR_STOP=1 <<'SQL'
select format('select %L || '' '' || count(*) from %I.%I;', table_name, table_schema, table_name)
from information_schema.tables
where table_schema = 'public' and table_type = 'BASE TABLE'
order by table_name
\gexec
SQL
}

backup() {
  local db=$1 uploads=$2 out=$3
  [ -d "$uploads" ] || die "no uploads folder at $uploads"
  mkdir -p "$out"
  pg_dump --format=custom --no-owner --no-privileges --file "$out/database.dump" "$db"
  row_counts "$db" >"$out/row-counts.txt"
  tar -C "$uploads" -czf "$out/uploads.tar.gz" .
  (cd "$uploads" && find . -type f -exec sha256sum {} + | sort -k 2) >"$out/uploads.sha256"
  echo "backup-restore: backed up to $out ($(wc -l <"$out/row-counts.txt") tables, $(wc -l <"$out/uploads.sha256") files)"
}

restore() {
  local in=$1 db=$2 uploads=$3
  [ -f "$in/database.dump" ] && [ -f "$in/uploads.tar.gz" ] || die "$in holds no backup (database.dump, uploads.tar.gz)"
  psql "$db" -X -q -v ON_ERROR_STOP=1 -c 'drop schema if exists public cascade' -c 'create schema public'
  pg_restore --no-owner --no-privileges --exit-on-error --dbname "$db" "$in/database.dump"
  mkdir -p "$uploads"
  find "$uploads" -mindepth 1 -delete
  tar -C "$uploads" -xzf "$in/uploads.tar.gz"
  verify "$in" "$db" "$uploads"
}

verify() {
  local in=$1 db=$2 uploads=$3
  diff -u "$in/row-counts.txt" <(row_counts "$db") >&2 || die "row counts differ from the backup's"
  diff -u "$in/uploads.sha256" <(cd "$uploads" && find . -type f -exec sha256sum {} + | sort -k 2) >&2 || die "uploaded files differ from the backup's"
  echo "backup-restore: restored and verified ($(wc -l <"$in/row-counts.txt") tables, $(wc -l <"$in/uploads.sha256") files)"
}

drill() {
  local db=$1 uploads=$2
  local work scratch_name scratch_db
  work=$(mktemp -d)
  scratch_name="$(psql "$db" -X -At -c 'select current_database()')_drill"
  # The same server, another database: the URL with its path replaced.
  scratch_db=$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$db" "$scratch_name")
  # Expanded now: the trap runs after this function's locals are gone.
  # shellcheck disable=SC2064
  trap "psql '$db' -X -q -c 'drop database if exists \"$scratch_name\" with (force)' >/dev/null 2>&1 || true; rm -rf '$work'" EXIT
  backup "$db" "$uploads" "$work/backup"
  psql "$db" -X -q -v ON_ERROR_STOP=1 -c "drop database if exists \"$scratch_name\" with (force)" -c "create database \"$scratch_name\""
  restore "$work/backup" "$scratch_db" "$work/uploads"
  echo "backup-restore: drill passed"
}

command=${1:-}
shift || true
case "$command" in
  backup) [ $# -eq 3 ] || die "usage: backup DATABASE_URL UPLOAD_DIR BACKUP_DIR"; backup "$@" ;;
  restore)
    [ $# -eq 4 ] && [ "$4" = --yes ] || die "usage: restore BACKUP_DIR DATABASE_URL UPLOAD_DIR --yes (wipes that database and folder)"
    restore "$1" "$2" "$3"
    ;;
  drill) [ $# -eq 2 ] || die "usage: drill DATABASE_URL UPLOAD_DIR"; drill "$@" ;;
  *) die "usage: backup | restore | drill (see the top of $0)" ;;
esac

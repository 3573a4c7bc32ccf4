#!/bin/sh
# Restores a backup made by scripts/backup.sh: the database from a dump and, if given, the photo
# store from a tarball. Stop the app and the workers first (docs/operations.md, "Restore").
#
#   scripts/restore.sh <dating-....dump> [storage-....tar.gz]
#
#   DATABASE_URL   the database to restore into (required): it is DROPPED and made again from
#                  the dump (the user needs the right to create databases)
#   STORAGE_DIR    the photo store, emptied and filled from the tarball (with a tarball only)
set -eu

: "${DATABASE_URL:?set DATABASE_URL}"
dump="${1:?usage: restore.sh <dump> [storage tarball]}"
photos="${2:-}"
[ -f "$dump" ] || { echo "restore: no file $dump" >&2; exit 1; }
if [ -n "$photos" ]; then
  [ -f "$photos" ] || { echo "restore: no file $photos" >&2; exit 1; }
  : "${STORAGE_DIR:?set STORAGE_DIR to restore the photos}"
fi

log() { echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) restore: $*"; }

database="${DATABASE_URL%%\?*}"
name="${database##*/}"
# the same server, the maintenance database (a query parameter overrides the path's name)
server="$database?dbname=postgres"

# a readable dump first: a bad file must not cost the database
pg_restore --list "$dump" > /dev/null

log "dropping and creating $name"
psql "$server" -v ON_ERROR_STOP=1 -qc "DROP DATABASE IF EXISTS \"$name\" WITH (FORCE)"
psql "$server" -v ON_ERROR_STOP=1 -qc "CREATE DATABASE \"$name\""
pg_restore --exit-on-error --no-owner --no-privileges --dbname "$database" "$dump"
log "database $name restored from $dump"

if [ -n "$photos" ]; then
  mkdir -p "$STORAGE_DIR"
  find "$STORAGE_DIR" -mindepth 1 -delete
  tar -xzf "$photos" -C "$STORAGE_DIR"
  log "photos restored into $STORAGE_DIR from $photos"
fi

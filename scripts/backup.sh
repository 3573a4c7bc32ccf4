#!/bin/sh
# Backs the site up: the database (pg_dump, custom format) and the photo store (a tarball of
# STORAGE_DIR), into BACKUP_DIR, keeping the newest BACKUP_KEEP of each (default 14); then
# writes BACKUP_DIR/last-success (the time, UTC), whose age the backup alert watches.
# docker-compose's `backup` service runs it with --loop (one backup every
# BACKUP_INTERVAL_SECONDS, default a day); operators run it once (docs/operations.md, "Back up").
#
#   DATABASE_URL   postgresql://user:password@host:5432/dating (required)
#   BACKUP_DIR     where the files go (required)
#   STORAGE_DIR    the photo store; unset or empty (photos in S3): no tarball
#
# Files: dating-<UTC time>.dump and storage-<UTC time>.tar.gz, written under a temporary name
# and renamed when complete, so a file with the final name is always whole.
set -eu

: "${DATABASE_URL:?set DATABASE_URL}"
: "${BACKUP_DIR:?set BACKUP_DIR}"
keep="${BACKUP_KEEP:-14}"
# libpq takes no query parameters it does not know (Prisma's ?schema=...)
database="${DATABASE_URL%%\?*}"

log() { echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) backup: $*"; }

# removes all but the newest $keep files matching $1 (names sort by time)
prune() {
  ls -1 "$BACKUP_DIR" | grep -E "$1" | sort -r | tail -n "+$((keep + 1))" | while read -r old; do
    rm -f "$BACKUP_DIR/$old"
    log "removed $old (keeping $keep)"
  done
}

backup_once() {
  stamp="$(date -u +%Y%m%dT%H%M%SZ)"
  mkdir -p "$BACKUP_DIR"
  pg_dump --format=custom --no-owner --no-privileges --file "$BACKUP_DIR/.dating-$stamp.dump" \
    "$database"
  mv "$BACKUP_DIR/.dating-$stamp.dump" "$BACKUP_DIR/dating-$stamp.dump"
  log "database: dating-$stamp.dump ($(wc -c < "$BACKUP_DIR/dating-$stamp.dump") bytes)"
  if [ -n "${STORAGE_DIR:-}" ] && [ -d "$STORAGE_DIR" ]; then
    tar -czf "$BACKUP_DIR/.storage-$stamp.tar.gz" -C "$STORAGE_DIR" .
    mv "$BACKUP_DIR/.storage-$stamp.tar.gz" "$BACKUP_DIR/storage-$stamp.tar.gz"
    log "photos: storage-$stamp.tar.gz ($(wc -c < "$BACKUP_DIR/storage-$stamp.tar.gz") bytes)"
  fi
  prune '^dating-[0-9TZ]+\.dump$'
  prune '^storage-[0-9TZ]+\.tar\.gz$'
  date -u +%Y-%m-%dT%H:%M:%SZ > "$BACKUP_DIR/last-success"
}

if [ "${1:-}" = "--loop" ]; then
  interval="${BACKUP_INTERVAL_SECONDS:-86400}"
  while :; do
    if sh "$0"; then
      sleep "$interval"
    else
      # the alert "backups missing" fires when last-success grows older than a day and a bit
      log "BACKUP FAILED; trying again in 10 minutes"
      rm -f "$BACKUP_DIR"/.dating-*.dump "$BACKUP_DIR"/.storage-*.tar.gz
      sleep 600
    fi
  done
else
  backup_once
fi

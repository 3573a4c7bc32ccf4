#!/bin/sh
# Backs the site up: the database (pg_dump, custom format) and the photo store (a tarball of
# STORAGE_DIR), into BACKUP_DIR, keeping the newest BACKUP_KEEP of each (default 14); then
# writes BACKUP_DIR/last-success (the time, UTC), whose age the backup alert watches.
# docker-compose's `backup` service runs it with --loop (one backup every
# BACKUP_INTERVAL_SECONDS, default a day); operators run it once (docs/operations.md, "Back up").
#
#   DATABASE_URL          postgresql://user:password@host:5432/dating (required)
#   BACKUP_DIR            where the files go (required)
#   STORAGE_DIR           the photo store; unset or empty (photos in S3): no tarball
#   BACKUP_AGE_RECIPIENT  optional: one or more age public keys (age1..., separated by spaces);
#                         the files are then encrypted to them (.age), never written in the clear
#
# Files: dating-<UTC time>.dump and storage-<UTC time>.tar.gz (with .age added when encrypted),
# written under a temporary name and renamed when complete, so a file with the final name is
# always whole. They hold every member's data: the folder is made 0700 and every file in it 0600
# (the umask too), readable only by the account that makes and restores them.
set -eu
umask 077

: "${DATABASE_URL:?set DATABASE_URL}"
: "${BACKUP_DIR:?set BACKUP_DIR}"
keep="${BACKUP_KEEP:-14}"
recipients=""
for key in ${BACKUP_AGE_RECIPIENT:-}; do recipients="$recipients -r $key"; done
suffix=""
if [ -n "$recipients" ]; then
  command -v age > /dev/null || { echo "backup: BACKUP_AGE_RECIPIENT is set but age is not installed" >&2; exit 1; }
  suffix=".age"
fi
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

# writes what "$@" prints into the file $1 of BACKUP_DIR (a temporary name first, then $1; mode
# 0600), through age to BACKUP_AGE_RECIPIENT when set; fails when the command fails
write_file() {
  name="$1"
  shift
  partial="$BACKUP_DIR/.$name"
  if [ -n "$recipients" ]; then
    # sh has no pipefail: the command's failure is noted beside the pipe
    failed="$BACKUP_DIR/.failed-$$"
    rm -f "$failed"
    { "$@" || echo "$?" > "$failed"; } | age $recipients -o "$partial"
    if [ -e "$failed" ]; then
      rm -f "$failed" "$partial"
      return 1
    fi
  else
    "$@" > "$partial"
  fi
  chmod 0600 "$partial"
  mv "$partial" "$BACKUP_DIR/$name"
  log "$name ($(wc -c < "$BACKUP_DIR/$name") bytes)"
}

backup_once() {
  stamp="$(date -u +%Y%m%dT%H%M%SZ)"
  mkdir -p "$BACKUP_DIR"
  chmod 0700 "$BACKUP_DIR"
  # files of an older version of this script, made readable to others: theirs no longer
  find "$BACKUP_DIR" -maxdepth 1 -type f ! -perm 0600 -exec chmod 0600 {} +
  write_file "dating-$stamp.dump$suffix" \
    pg_dump --format=custom --no-owner --no-privileges "$database"
  if [ -n "${STORAGE_DIR:-}" ] && [ -d "$STORAGE_DIR" ]; then
    write_file "storage-$stamp.tar.gz$suffix" tar -czf - -C "$STORAGE_DIR" .
  fi
  prune '^dating-[0-9TZ]+\.dump(\.age)?$'
  prune '^storage-[0-9TZ]+\.tar\.gz(\.age)?$'
  date -u +%Y-%m-%dT%H:%M:%SZ > "$BACKUP_DIR/last-success"
  chmod 0600 "$BACKUP_DIR/last-success"
}

if [ "${1:-}" = "--loop" ]; then
  interval="${BACKUP_INTERVAL_SECONDS:-86400}"
  while :; do
    if sh "$0"; then
      sleep "$interval"
    else
      # the alert "backups missing" fires when last-success grows older than a day and a bit
      log "BACKUP FAILED; trying again in 10 minutes"
      rm -f "$BACKUP_DIR"/.dating-*.dump* "$BACKUP_DIR"/.storage-*.tar.gz* "$BACKUP_DIR"/.failed-*
      sleep 600
    fi
  done
else
  backup_once
fi

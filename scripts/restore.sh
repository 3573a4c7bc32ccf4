#!/bin/sh
# Restores a backup made by scripts/backup.sh: the database from a dump and, if given, the photo
# store from a tarball. Stop the app and the workers first (docs/operations.md, "Restore").
#
#   scripts/restore.sh <dating-....dump[.age]> [storage-....tar.gz[.age]]
#
#   DATABASE_URL         the database to restore into (required): it is DROPPED and made again
#                        from the dump (the user needs the right to create databases)
#   STORAGE_DIR          the photo store, emptied and filled from the tarball (with a tarball only)
#   BACKUP_AGE_IDENTITY  for encrypted back-ups (.age): the file with the age private key
#                        (age-keygen's output); they are decrypted into a private temporary folder
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

# an encrypted back-up (.age): decrypted into a private temporary folder (mktemp -d: 0700),
# removed at the end
clear_dir=""
for file in "$dump" "$photos"; do
  case "$file" in
    *.age)
      : "${BACKUP_AGE_IDENTITY:?set BACKUP_AGE_IDENTITY to the age key file to restore $file}"
      if [ -z "$clear_dir" ]; then clear_dir="$(mktemp -d)"; fi
      ;;
  esac
done
trap 'if [ -n "$clear_dir" ]; then rm -rf "$clear_dir"; fi' EXIT
decrypted() {
  case "$1" in
    *.age) ;;
    *) echo "$1"; return ;;
  esac
  out="$clear_dir/$(basename "$1" .age)"
  # (a subshell: the umask stays here, the photos are unpacked as before)
  umask 077
  age --decrypt -i "$BACKUP_AGE_IDENTITY" -o "$out" "$1"
  echo "$out"
}

dump="$(decrypted "$dump")"
if [ -n "$photos" ]; then photos="$(decrypted "$photos")"; fi

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

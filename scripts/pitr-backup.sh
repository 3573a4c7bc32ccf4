#!/bin/sh
# The base backups of the continuous backup with pgBackRest (docs/operations.md, "Point-in-time
# restore"). PostgreSQL itself pushes every WAL segment into the repository (its archive_command,
# docker-compose.yml's `postgres`); a restore replays that WAL onto the newest backup before the
# moment asked for. pgBackRest expires what repo1-retention-full no longer needs after each backup.
#
#   pitr-backup.sh full|incr|diff   one backup of that type now; the stanza (the repository's
#                                   record of this database) is made first when it is missing, and
#                                   an incr or diff with no full backup before it becomes a full one
#   pitr-backup.sh --loop           docker-compose's `pgbackrest` service: one backup at start (full
#                                   when the repository has none), then one a day at
#                                   PITR_BACKUP_HOUR o'clock UTC (default 3): a full one on
#                                   PITR_FULL_DAY (1 Monday ... 7 Sunday; default 7), an
#                                   incremental one (what changed since the backup before) on the
#                                   other days
#
# pgBackRest reads its configuration file (docker/pgbackrest.conf in the image; PGBACKREST_CONFIG
# names another) and PGBACKREST_* variables, which win over the file:
#   PGBACKREST_REPO1_CIPHER_PASS  the repository's passphrase (required; the repository is
#                                 encrypted with it, and unreadable without it)
#   PGBACKREST_STANZA             the stanza (default vonkje)
#   PITR_STATUS_FILE              gets the time of the last complete backup (UTC), whose age the
#                                 service's health check watches (default /tmp/pitr-last-success)
set -eu
umask 077

: "${PGBACKREST_REPO1_CIPHER_PASS:?set PGBACKREST_REPO1_CIPHER_PASS, the repository passphrase}"
PGBACKREST_STANZA="${PGBACKREST_STANZA:-vonkje}"
export PGBACKREST_STANZA
status="${PITR_STATUS_FILE:-/tmp/pitr-last-success}"

log() { echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) pitr-backup: $*"; }

backup_once() {
  # a stanza that exists and matches this database is left as it is
  pgbackrest stanza-create
  pgbackrest backup --type="$1"
  date -u +%Y-%m-%dT%H:%M:%SZ > "$status"
  log "$1 backup complete"
}

# sleeps in the background, so that a stop (SIGTERM) ends the loop at once (the trap below)
pause() {
  sleep "$1" &
  sleeper=$!
  wait "$sleeper"
}

case "${1:-}" in
  full | incr | diff)
    backup_once "$1"
    ;;
  --loop)
    trap '[ -z "${sleeper:-}" ] || kill "$sleeper" 2> /dev/null; exit 0' TERM INT
    hour="${PITR_BACKUP_HOUR:-3}"
    full_day="${PITR_FULL_DAY:-7}"
    # at start: an incremental one, full when the repository has no full backup yet, so that a
    # restore is possible from the first minutes on
    type=incr
    while :; do
      until sh "$0" "$type"; do
        # the alert "point-in-time backups missing" fires when the status file grows older than
        # a day and a bit
        log "BACKUP FAILED ($type); trying again in 10 minutes"
        pause 600
      done
      now="$(date -u +%s)"
      next="$(date -u -d "$(date -u +%F) $hour:00" +%s)"
      [ "$next" -gt "$now" ] || next=$((next + 86400))
      pause $((next - now))
      if [ "$(date -u +%u)" = "$full_day" ]; then type=full; else type=incr; fi
    done
    ;;
  *)
    echo "usage: $0 full|incr|diff|--loop" >&2
    exit 2
    ;;
esac

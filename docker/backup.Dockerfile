# The image of docker-compose's `backup` service (scripts/backup.sh, scripts/restore.sh):
# PostgreSQL's own, whose pg_dump and pg_restore are of the server's major version (keep this FROM
# equal to docker/postgres.Dockerfile's, the `postgres` service's image), with Debian's age, which encrypts the back-ups to an
# operator's public key when BACKUP_AGE_RECIPIENT is set (docs/operations.md, "Back up").
FROM postgres:15.14-bookworm
RUN apt-get update \
  && apt-get install -y --no-install-recommends age \
  && rm -rf /var/lib/apt/lists/*

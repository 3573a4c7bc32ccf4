# The image of docker-compose's `postgres` service and of its `pgbackrest` service: PostgreSQL's
# own with pgBackRest, which archives every WAL segment (the server's archive_command) and makes
# the base backups, into an encrypted repository (docker/pgbackrest.conf; docs/operations.md,
# "Point-in-time restore"). Keep this FROM equal to docker/backup.Dockerfile's.
FROM postgres:15.14-bookworm
RUN apt-get update \
  && apt-get install -y --no-install-recommends pgbackrest \
  && rm -rf /var/lib/apt/lists/*
COPY docker/pgbackrest.conf /etc/pgbackrest/pgbackrest.conf

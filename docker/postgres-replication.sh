#!/bin/sh
# Run by the postgres image once, when its data directory is new, with docker/compose.pg-replica.yml:
# the primary accepts replication connections from the backend network with the password (the
# image's own pg_hba.conf accepts only ordinary connections from other hosts). An existing data
# directory: docs/operations.md, "A streaming replica".
set -e
echo 'host replication postgres all scram-sha-256' >> "$PGDATA/pg_hba.conf"

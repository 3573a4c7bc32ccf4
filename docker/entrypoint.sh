#!/bin/sh
# Applies pending migrations before the app starts (idempotent; safe for app and worker alike).
# SEED_ON_START=true also loads the reference and demo data (repeatable).
set -e
if [ "${SKIP_MIGRATIONS:-false}" != "true" ]; then
  node --import tsx prisma/migrate.ts deploy
fi
if [ "${SEED_ON_START:-false}" = "true" ]; then
  node --import tsx prisma/seed.ts
fi
exec "$@"

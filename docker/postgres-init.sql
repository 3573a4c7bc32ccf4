-- Run by the postgres image once, when its data directory is new (docker-compose.yml): the view of
-- the statistics that shared_preload_libraries=pg_stat_statements collects. An existing database:
-- docs/operations.md, "Slow queries".
CREATE EXTENSION IF NOT EXISTS pg_stat_statements;

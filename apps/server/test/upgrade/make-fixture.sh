#!/usr/bin/env bash
# Remakes from-96c120b.sql: a database as the build at commit 96c120b left it, with rows in every table.
# Its migrations (taken from git) are applied the way that build's runner applied them, rows-96c120b.sql is
# loaded, and pg_dump writes the result. Usage: make-fixture.sh [server URL, default postgresql://postgres@127.0.0.1:5432]
set -euo pipefail
export PGOPTIONS="-c client_min_messages=warning"
here="$(cd "$(dirname "$0")" && pwd)"
server="${1:-postgresql://postgres@127.0.0.1:5432}"
commit=96c120b
db="upgrade_fixture_$$"
work="$(mktemp -d)"
trap 'psql -q "$server/postgres" -c "DROP DATABASE IF EXISTS $db" >/dev/null; rm -rf "$work"' EXIT

git -C "$(git -C "$here" rev-parse --show-toplevel)" archive "$commit" prisma/migrations | tar -x -C "$work"
psql -q "$server/postgres" -c "CREATE DATABASE $db" >/dev/null
psql -q -v ON_ERROR_STOP=1 "$server/$db" >/dev/null <<'SQL'
CREATE TABLE "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
);
SQL
for dir in "$work"/prisma/migrations/*/; do
  name="$(basename "$dir")"
  checksum="$(sha256sum "$dir/migration.sql" | cut -d' ' -f1)"
  psql -q -v ON_ERROR_STOP=1 --single-transaction "$server/$db" -f "$dir/migration.sql" \
    -c "INSERT INTO \"_prisma_migrations\" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
        VALUES (md5('$name')::uuid, '$checksum', '$name', '2026-11-24 07:00:00+00', '2026-11-24 07:00:01+00', 1)" >/dev/null
done
psql -q -v ON_ERROR_STOP=1 --single-transaction "$server/$db" -f "$here/rows-$commit.sql" >/dev/null

# Plain INSERTs (no COPY, no psql meta-commands) so PGlite's exec can load it too; the search_path pg_dump
# empties for its own statements is left as it was, so later migrations find their tables.
{
  echo "-- A database as the build at $commit left it (apps/server/test/upgrade/make-fixture.sh made this)."
  pg_dump --column-inserts --no-owner --no-privileges --no-comments --no-publications --no-subscriptions "$server/$db" |
    grep -v -E "^SELECT pg_catalog\.set_config\('search_path'|^SET |^--|^$|^\\\\(un)?restrict "
} >"$here/from-$commit.sql"
echo "wrote $here/from-$commit.sql"

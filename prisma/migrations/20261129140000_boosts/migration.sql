-- Boosts (issue 38 item 3): a member first in their region's search results for 30 minutes,
-- bought with credits (a ledger row naming the boost) or a premium member's free weekly one.

-- AlterEnum
ALTER TYPE "LedgerReason" ADD VALUE 'boost';

-- AlterTable
ALTER TABLE "credit_ledger" ADD COLUMN "boost_id" INTEGER;

-- CreateTable
CREATE TABLE "boosts" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "profile_id" INTEGER NOT NULL,
    "region_id" INTEGER NOT NULL,
    "starts_at" TIMESTAMP(3) NOT NULL,
    "ends_at" TIMESTAMP(3) NOT NULL,
    "credits" INTEGER NOT NULL,
    "free" BOOLEAN NOT NULL DEFAULT false,
    "idempotency_key" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "boosts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "credit_ledger_boost_id_key" ON "credit_ledger"("boost_id");

-- CreateIndex
CREATE INDEX "boosts_region_id_ends_at_idx" ON "boosts"("region_id", "ends_at");

-- CreateIndex
CREATE INDEX "boosts_user_id_starts_at_idx" ON "boosts"("user_id", "starts_at");

-- CreateIndex
CREATE UNIQUE INDEX "boosts_user_id_idempotency_key_key" ON "boosts"("user_id", "idempotency_key");

-- AddForeignKey
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_boost_id_fkey" FOREIGN KEY ("boost_id") REFERENCES "boosts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_region_id_fkey" FOREIGN KEY ("region_id") REFERENCES "regions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- What schema.prisma cannot express: a boost runs forward in time; a paid boost costs credits,
-- a free one none; and at most one boost of a member runs at any moment, however many purchases
-- race (an exclusion constraint over the member and the boost's time range; btree_gist gives
-- the integer column its GiST equality).
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_runs_forward" CHECK ("ends_at" > "starts_at");
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_price" CHECK (("free" AND "credits" = 0) OR (NOT "free" AND "credits" > 0));

CREATE EXTENSION IF NOT EXISTS btree_gist;

ALTER TABLE "boosts" ADD CONSTRAINT "boosts_one_running"
  EXCLUDE USING gist ("user_id" WITH =, tsrange("starts_at", "ends_at") WITH &&);

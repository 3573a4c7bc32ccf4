-- Discount codes are reserved by the checkout that carries them (security review 2026-11-25, M1):
-- a redemption row is written `held` with its payment when the checkout is created, under the
-- code's unique claim key, so no two open checkouts carry a code meant for one use (or one use
-- per member); it is released when that payment fails, expires or is cancelled, and `claimed`
-- when it is paid. The deletion offer's code becomes a template that is never accepted itself:
-- each member on the deletion page is issued a personal copy (user_id, expires_at).

-- CreateEnum
CREATE TYPE "DiscountRedemptionState" AS ENUM ('held', 'claimed');

-- AlterTable
ALTER TABLE "discount_codes" ADD COLUMN     "issue_days" INTEGER,
ADD COLUMN     "issued_from_id" INTEGER;

-- AlterTable: every row so far was written by a paid payment (a claim)
ALTER TABLE "discount_redemptions" ADD COLUMN     "state" "DiscountRedemptionState" NOT NULL DEFAULT 'claimed';
ALTER TABLE "discount_redemptions" ALTER COLUMN "state" DROP DEFAULT;

-- CreateIndex
CREATE UNIQUE INDEX "discount_codes_issued_from_id_user_id_key" ON "discount_codes"("issued_from_id", "user_id");

-- AddForeignKey
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_issued_from_id_fkey" FOREIGN KEY ("issued_from_id") REFERENCES "discount_codes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The deletion offer's code (STAY50, published until now) is no longer accepted from anyone:
-- members on the deletion page get a personal copy, valid 7 days.
UPDATE "discount_codes" SET "issue_days" = 7
WHERE "code" IN (SELECT "delete_discount" FROM "company_info" WHERE "delete_discount" IS NOT NULL);

-- Checkouts open now reserve their code, the oldest first; one that finds its code reserved or
-- claimed already has its discount checked again should it still be paid (SettlementService).
INSERT INTO "discount_redemptions" ("code_id", "user_id", "payment_id", "claim_key", "state")
SELECT p."discount_code_id", p."user_id", p."id",
  CASE c."validity"
    WHEN 'once' THEN 'once:' || c."id"
    WHEN 'once_per_user' THEN 'user:' || c."id" || ':' || p."user_id"
    ELSE 'payment:' || p."id"
  END,
  'held'
FROM "payments" p
JOIN "discount_codes" c ON c."id" = p."discount_code_id"
WHERE p."status" = 'pending' AND p."credited_at" IS NULL
ORDER BY p."id"
ON CONFLICT DO NOTHING;

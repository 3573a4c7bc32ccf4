-- Direct debit and webhook hardening (security review 2026-11-25: M3, L1, L4, L8):
-- a direct debit form keeps the discount code it showed, to apply it when confirmed; forms are
-- looked up by phone (accounts per number); a payment records the last provider read a webhook
-- made (one per 2 s); the sandbox's mandates honour an idempotency key, as Mollie's do.

-- AlterTable
ALTER TABLE "direct_debit_mandates" ADD COLUMN     "discount_code" VARCHAR(50);

-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "webhook_read_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "sandbox_mandates" ADD COLUMN     "idempotency_key" TEXT;

-- CreateIndex
CREATE INDEX "direct_debit_mandates_phone_idx" ON "direct_debit_mandates"("phone");

-- CreateIndex
CREATE UNIQUE INDEX "sandbox_mandates_idempotency_key_key" ON "sandbox_mandates"("idempotency_key");

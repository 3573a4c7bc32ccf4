-- Payments (issue 12): prices per currency, the payment's bookkeeping (sequence, invoice
-- number, reversals), refunds and chargebacks booked once, discount claims by claim key,
-- direct-debit SMS codes, stored mandates, and the sandbox provider's own books.
-- CreateEnum
CREATE TYPE "PaymentSequence" AS ENUM ('oneoff', 'first', 'recurring');

-- DropIndex
DROP INDEX "discount_redemptions_code_id_user_id_key";

-- AlterTable
ALTER TABLE "credit_ledger" ADD COLUMN     "reversal_id" INTEGER;

-- AlterTable
ALTER TABLE "direct_debit_mandates" ADD COLUMN     "mandate_ref" TEXT,
ADD COLUMN     "otp_attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "otp_expires_at" TIMESTAMP(3),
ADD COLUMN     "otp_hash" CHAR(64),
ADD COLUMN     "otp_sends" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "package_id" INTEGER;

-- AlterTable (redemptions made before claim keys were once per member: their key says so)
ALTER TABLE "discount_redemptions" ADD COLUMN     "claim_key" VARCHAR(80);
UPDATE "discount_redemptions" SET "claim_key" = 'user:' || "code_id" || ':' || "user_id";
ALTER TABLE "discount_redemptions" ALTER COLUMN "claim_key" SET NOT NULL;

-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "checked_at" TIMESTAMP(3),
ADD COLUMN     "checkout_url" TEXT,
ADD COLUMN     "country_code" CHAR(2),
ADD COLUMN     "direct_debit_mandate_id" INTEGER,
ADD COLUMN     "invoice_number" INTEGER,
ADD COLUMN     "mandate_id" INTEGER,
ADD COLUMN     "paid_at" TIMESTAMP(3),
ADD COLUMN     "reversed_cents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "sequence_type" "PaymentSequence" NOT NULL DEFAULT 'oneoff';

-- CreateTable
CREATE TABLE "credit_package_prices" (
    "id" SERIAL NOT NULL,
    "package_id" INTEGER NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "price_cents" INTEGER NOT NULL,

    CONSTRAINT "credit_package_prices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_reversals" (
    "id" SERIAL NOT NULL,
    "payment_id" INTEGER NOT NULL,
    "kind" VARCHAR(12) NOT NULL,
    "provider_ref" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "credits_taken" INTEGER NOT NULL,
    "credits_short" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_reversals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_customers" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "provider" VARCHAR(20) NOT NULL,
    "customer_ref" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_customers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_mandates" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "provider" VARCHAR(20) NOT NULL,
    "customer_ref" TEXT NOT NULL,
    "mandate_ref" TEXT NOT NULL,
    "method" "PaymentMethod" NOT NULL,
    "label" VARCHAR(100) NOT NULL,
    "valid" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payment_mandates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sandbox_payments" (
    "ref" VARCHAR(40) NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "description" TEXT NOT NULL,
    "method" VARCHAR(30) NOT NULL,
    "status" VARCHAR(12) NOT NULL,
    "sequence_type" VARCHAR(10) NOT NULL,
    "customer_ref" TEXT,
    "mandate_ref" TEXT,
    "redirect_url" TEXT,
    "webhook_url" TEXT,
    "idempotency_key" TEXT,
    "bank" VARCHAR(50),
    "reversals" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sandbox_payments_pkey" PRIMARY KEY ("ref")
);

-- CreateTable
CREATE TABLE "sandbox_mandates" (
    "ref" VARCHAR(40) NOT NULL,
    "customer_ref" TEXT NOT NULL,
    "method" VARCHAR(30) NOT NULL,
    "label" VARCHAR(100) NOT NULL,
    "declines" BOOLEAN NOT NULL DEFAULT false,
    "status" VARCHAR(10) NOT NULL DEFAULT 'valid',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sandbox_mandates_pkey" PRIMARY KEY ("ref")
);

-- CreateIndex
CREATE UNIQUE INDEX "credit_package_prices_package_id_currency_key" ON "credit_package_prices"("package_id", "currency");

-- CreateIndex
CREATE UNIQUE INDEX "payment_reversals_provider_ref_key" ON "payment_reversals"("provider_ref");

-- CreateIndex
CREATE INDEX "payment_reversals_payment_id_idx" ON "payment_reversals"("payment_id");

-- CreateIndex
CREATE UNIQUE INDEX "payment_customers_user_id_provider_key" ON "payment_customers"("user_id", "provider");

-- CreateIndex
CREATE UNIQUE INDEX "payment_mandates_mandate_ref_key" ON "payment_mandates"("mandate_ref");

-- CreateIndex
CREATE INDEX "payment_mandates_user_id_idx" ON "payment_mandates"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "sandbox_payments_idempotency_key_key" ON "sandbox_payments"("idempotency_key");

-- CreateIndex
CREATE INDEX "sandbox_mandates_customer_ref_idx" ON "sandbox_mandates"("customer_ref");

-- CreateIndex
CREATE UNIQUE INDEX "credit_ledger_reversal_id_key" ON "credit_ledger"("reversal_id");

-- CreateIndex
CREATE INDEX "direct_debit_mandates_iban_idx" ON "direct_debit_mandates"("iban");

-- CreateIndex
CREATE UNIQUE INDEX "discount_redemptions_claim_key_key" ON "discount_redemptions"("claim_key");

-- CreateIndex
CREATE INDEX "discount_redemptions_code_id_user_id_idx" ON "discount_redemptions"("code_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "payments_invoice_number_key" ON "payments"("invoice_number");

-- AddForeignKey
ALTER TABLE "credit_package_prices" ADD CONSTRAINT "credit_package_prices_package_id_fkey" FOREIGN KEY ("package_id") REFERENCES "credit_packages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_mandate_id_fkey" FOREIGN KEY ("mandate_id") REFERENCES "payment_mandates"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_direct_debit_mandate_id_fkey" FOREIGN KEY ("direct_debit_mandate_id") REFERENCES "direct_debit_mandates"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_reversal_id_fkey" FOREIGN KEY ("reversal_id") REFERENCES "payment_reversals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_mandates" ADD CONSTRAINT "payment_mandates_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written (schema.prisma cannot express these).
-- Invoice numbers: one site-wide sequence, drawn when a payment is credited.
CREATE SEQUENCE "invoice_number_seq" START 1;

-- Money is exact: amounts and credits of a payment are positive, reversals never exceed it.
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_positive" CHECK ("amount_cents" > 0);
ALTER TABLE "payments" ADD CONSTRAINT "payments_credits_positive" CHECK ("credits" > 0);
ALTER TABLE "payments" ADD CONSTRAINT "payments_discount_range" CHECK ("discount_cents" >= 0);
ALTER TABLE "payments" ADD CONSTRAINT "payments_reversed_range" CHECK ("reversed_cents" >= 0 AND "reversed_cents" <= "amount_cents");
ALTER TABLE "credit_packages" ADD CONSTRAINT "credit_packages_positive" CHECK ("price_cents" > 0 AND "credits" > 0);
ALTER TABLE "credit_package_prices" ADD CONSTRAINT "credit_package_prices_positive" CHECK ("price_cents" > 0);
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_counts" CHECK ("amount_cents" > 0 AND "credits_taken" >= 0 AND "credits_short" >= 0);
ALTER TABLE "direct_debit_mandates" ADD CONSTRAINT "direct_debit_mandates_otp_attempts" CHECK ("otp_attempts" >= 0);

-- Refunds an admin makes from the console (issue 36, item 3): one row per intended refund,
-- written under the payment's row lock before the provider is asked, so a retried or
-- double-clicked request (one idempotency key) refunds once, and two refunds racing for one
-- payment can never ask back more than was paid (requested ones count against what is left).
-- The reason and the admin are in the audit row (staff_audit_log), not here.
CREATE TABLE "payment_refunds" (
    "id" SERIAL NOT NULL,
    "payment_id" INTEGER NOT NULL,
    "idempotency_key" UUID NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "status" VARCHAR(12) NOT NULL DEFAULT 'requested',
    "provider_ref" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payment_refunds_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payment_refunds_amount_positive" CHECK ("amount_cents" > 0),
    CONSTRAINT "payment_refunds_status_known" CHECK ("status" IN ('requested', 'done', 'failed'))
);

CREATE UNIQUE INDEX "payment_refunds_idempotency_key_key" ON "payment_refunds"("idempotency_key");
CREATE UNIQUE INDEX "payment_refunds_provider_ref_key" ON "payment_refunds"("provider_ref");
CREATE INDEX "payment_refunds_payment_id_status_idx" ON "payment_refunds"("payment_id", "status");

ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The consent to immediate delivery given on the direct debit form (issue 36, item 2), stored
-- with the form and, at its confirmation, with its payment as at the checkout.
ALTER TABLE "direct_debit_mandates" ADD COLUMN "delivery_consent_at" TIMESTAMP(3);

-- The provider's evidence of where the payer is (security review 2026-11-25, L6): the country of
-- the card or bank account a payment was made with, as the provider reports it (Mollie:
-- details.cardCountryCode, or the IBAN of details.consumerAccount). The invoice's VAT country
-- follows it when there is one. The sandbox keeps its own.
ALTER TABLE "payments" ADD COLUMN "payer_country" CHAR(2);

ALTER TABLE "sandbox_payments" ADD COLUMN "payer_country" CHAR(2);

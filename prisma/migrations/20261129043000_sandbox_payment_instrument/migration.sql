-- The sandbox provider reports the instrument a payment was paid with, as Mollie's payment
-- details do (a card's cardFingerprint, the consumer account): accounts tied to one person.
ALTER TABLE "sandbox_payments" ADD COLUMN "instrument" VARCHAR(100);

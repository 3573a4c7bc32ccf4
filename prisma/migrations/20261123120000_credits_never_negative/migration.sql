-- Credits are exact: a balance and the balance recorded after each ledger entry can never be
-- negative, whatever the code does. CreditsService debits with a conditional update, and these
-- constraints are the database's own guarantee behind it. Prisma's schema cannot express CHECK
-- constraints, so they live in this migration only.
ALTER TABLE "users" ADD CONSTRAINT "users_credits_non_negative" CHECK ("credits" >= 0);
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_balance_after_non_negative" CHECK ("balance_after" >= 0);
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_delta_not_zero" CHECK ("delta" <> 0);

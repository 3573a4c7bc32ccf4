-- The bookkeeping export (issue 36 item 4) reads a quarter's refunds and chargebacks by the day
-- they were booked: an index on that, as payments(paid_at) serves the quarter's invoices.
CREATE INDEX "payment_reversals_created_at_idx" ON "payment_reversals"("created_at");

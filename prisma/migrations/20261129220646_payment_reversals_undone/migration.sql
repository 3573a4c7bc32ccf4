-- A refund that fails or is cancelled at the provider after it was booked (or a chargeback the
-- bank reverses) is unbooked once: the reversal is marked undone (in the bookkeeping export a
-- positive correcting line in the quarter of the undo), and the credits it took come back in a
-- ledger row of their own, `refund_undone`, tied to the reversal by its own unique column (the
-- row that took them keeps `reversal_id`, unique: each ledger row stays traceable, and the undo
-- is booked at most once).

-- AlterEnum
ALTER TYPE "LedgerReason" ADD VALUE 'refund_undone';

-- AlterTable
ALTER TABLE "credit_ledger" ADD COLUMN     "undone_reversal_id" INTEGER;

-- AlterTable
ALTER TABLE "payment_reversals" ADD COLUMN     "undone_at" TIMESTAMP(3);

-- CreateIndex
CREATE UNIQUE INDEX "credit_ledger_undone_reversal_id_key" ON "credit_ledger"("undone_reversal_id");

-- CreateIndex
CREATE INDEX "payment_reversals_undone_at_idx" ON "payment_reversals"("undone_at");

-- AddForeignKey
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_undone_reversal_id_fkey" FOREIGN KEY ("undone_reversal_id") REFERENCES "payment_reversals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- an undo only gives credits back
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_undone_reversal_gives_back"
  CHECK ("undone_reversal_id" IS NULL OR "delta" > 0);

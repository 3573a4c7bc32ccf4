-- AlterEnum
ALTER TYPE "EmailTokenType" ADD VALUE 'statement_access';

-- AlterTable
ALTER TABLE "complaints" ADD COLUMN     "good_faith" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "ground" VARCHAR(40),
ADD COLUMN     "location" VARCHAR(500),
ADD COLUMN     "notice" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "mail_intents" ALTER COLUMN "user_id" DROP NOT NULL;

-- CreateTable
CREATE TABLE "statements" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "item_type" VARCHAR(20) NOT NULL,
    "item_id" INTEGER,
    "ground" VARCHAR(40) NOT NULL,
    "explanation" TEXT NOT NULL,
    "automated_detection" BOOLEAN NOT NULL DEFAULT false,
    "decided_by_id" INTEGER,
    "decided_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "item_at" TIMESTAMP(3),
    "complaint_id" INTEGER,
    "ref" JSONB NOT NULL DEFAULT '{}',
    "reversed_at" TIMESTAMP(3),

    CONSTRAINT "statements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "appeals" (
    "id" SERIAL NOT NULL,
    "statement_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "due_at" TIMESTAMP(3) NOT NULL,
    "outcome" VARCHAR(10),
    "explanation" TEXT,
    "decided_by_id" INTEGER,
    "decided_at" TIMESTAMP(3),

    CONSTRAINT "appeals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "statements_user_id_decided_at_idx" ON "statements"("user_id", "decided_at");

-- CreateIndex
CREATE INDEX "statements_decided_at_idx" ON "statements"("decided_at");

-- CreateIndex
CREATE INDEX "statements_decided_by_id_idx" ON "statements"("decided_by_id");

-- CreateIndex
CREATE INDEX "statements_complaint_id_idx" ON "statements"("complaint_id");

-- CreateIndex
CREATE UNIQUE INDEX "appeals_statement_id_key" ON "appeals"("statement_id");

-- CreateIndex
CREATE INDEX "appeals_user_id_idx" ON "appeals"("user_id");

-- CreateIndex
CREATE INDEX "appeals_decided_by_id_idx" ON "appeals"("decided_by_id");

-- CreateIndex
CREATE INDEX "appeals_outcome_due_at_idx" ON "appeals"("outcome", "due_at");

-- AddForeignKey
ALTER TABLE "statements" ADD CONSTRAINT "statements_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "statements" ADD CONSTRAINT "statements_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "statements" ADD CONSTRAINT "statements_complaint_id_fkey" FOREIGN KEY ("complaint_id") REFERENCES "complaints"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_statement_id_fkey" FOREIGN KEY ("statement_id") REFERENCES "statements"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "scam_categories" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "message_scam_flags" (
    "message_id" INTEGER NOT NULL,
    "conversation_id" INTEGER NOT NULL,
    "sender_id" INTEGER NOT NULL,
    "recipient_id" INTEGER NOT NULL,
    "categories" TEXT[],
    "score" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolution" VARCHAR(20),
    "handled_by_id" INTEGER,
    "handled_at" TIMESTAMP(3),

    CONSTRAINT "message_scam_flags_pkey" PRIMARY KEY ("message_id")
);

-- CreateTable
CREATE TABLE "member_risk_scores" (
    "user_id" INTEGER NOT NULL,
    "score" INTEGER NOT NULL DEFAULT 0,
    "hits" INTEGER NOT NULL DEFAULT 0,
    "last_hit_at" TIMESTAMP(3) NOT NULL,
    "last_categories" TEXT[],

    CONSTRAINT "member_risk_scores_pkey" PRIMARY KEY ("user_id")
);

-- CreateIndex
CREATE INDEX "message_scam_flags_resolution_message_id_idx" ON "message_scam_flags"("resolution", "message_id");

-- CreateIndex
CREATE INDEX "message_scam_flags_sender_id_idx" ON "message_scam_flags"("sender_id");

-- CreateIndex
CREATE INDEX "message_scam_flags_recipient_id_idx" ON "message_scam_flags"("recipient_id");

-- CreateIndex
CREATE INDEX "message_scam_flags_handled_by_id_idx" ON "message_scam_flags"("handled_by_id");

-- AddForeignKey
ALTER TABLE "message_scam_flags" ADD CONSTRAINT "message_scam_flags_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_scam_flags" ADD CONSTRAINT "message_scam_flags_sender_id_fkey" FOREIGN KEY ("sender_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_scam_flags" ADD CONSTRAINT "message_scam_flags_recipient_id_fkey" FOREIGN KEY ("recipient_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_scam_flags" ADD CONSTRAINT "message_scam_flags_handled_by_id_fkey" FOREIGN KEY ("handled_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_risk_scores" ADD CONSTRAINT "member_risk_scores_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "mail_intents" ADD COLUMN     "params" JSONB;

-- CreateTable
CREATE TABLE "notification_mails_sent" (
    "user_id" INTEGER NOT NULL,
    "kind" VARCHAR(30) NOT NULL,
    "sent_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "notification_mails_sent_pkey" PRIMARY KEY ("user_id","kind")
);

-- CreateIndex
CREATE INDEX "notification_mails_sent_kind_sent_at_idx" ON "notification_mails_sent"("kind", "sent_at");

-- AddForeignKey
ALTER TABLE "notification_mails_sent" ADD CONSTRAINT "notification_mails_sent_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

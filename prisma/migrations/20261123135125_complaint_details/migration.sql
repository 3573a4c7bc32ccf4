-- CreateEnum
CREATE TYPE "ComplaintAbout" AS ENUM ('member', 'photo', 'message', 'site');

-- AlterTable
ALTER TABLE "complaints" ADD COLUMN     "about" "ComplaintAbout" NOT NULL DEFAULT 'site',
ADD COLUMN     "message_id" INTEGER,
ADD COLUMN     "photo_id" INTEGER,
ADD COLUMN     "reported_content" JSONB,
ADD COLUMN     "reporter_ip" VARCHAR(45);

-- CreateIndex
CREATE INDEX "complaints_created_at_idx" ON "complaints"("created_at");

-- CreateIndex
CREATE INDEX "complaints_photo_id_idx" ON "complaints"("photo_id");

-- CreateIndex
CREATE INDEX "complaints_message_id_idx" ON "complaints"("message_id");

-- AddForeignKey
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_photo_id_fkey" FOREIGN KEY ("photo_id") REFERENCES "photos"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateEnum
CREATE TYPE "DataExportStatus" AS ENUM ('pending', 'ready', 'downloaded', 'expired');

-- AlterEnum
ALTER TYPE "EmailTokenType" ADD VALUE 'data_export';

-- CreateTable
CREATE TABLE "data_exports" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "status" "DataExportStatus" NOT NULL DEFAULT 'pending',
    "file_name" VARCHAR(100),
    "size_bytes" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ready_at" TIMESTAMP(3),
    "expires_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "data_exports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "data_exports_user_id_created_at_idx" ON "data_exports"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "data_exports_status_expires_at_idx" ON "data_exports"("status", "expires_at");

-- AddForeignKey
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

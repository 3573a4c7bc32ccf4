-- AlterTable
ALTER TABLE "users" ADD COLUMN     "deletion_started_at" TIMESTAMP(3);

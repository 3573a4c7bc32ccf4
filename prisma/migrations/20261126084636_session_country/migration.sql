-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "country" CHAR(2);

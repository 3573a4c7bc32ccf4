-- AlterTable
ALTER TABLE "users" ADD COLUMN     "staff_name" VARCHAR(100);

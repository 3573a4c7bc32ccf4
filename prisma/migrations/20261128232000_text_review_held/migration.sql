-- AlterTable
ALTER TABLE "profile_text_reviews" ADD COLUMN     "held" BOOLEAN NOT NULL DEFAULT false;

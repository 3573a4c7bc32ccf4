-- AlterTable
ALTER TABLE "tracking_data" ADD COLUMN     "lander" VARCHAR(50),
ADD COLUMN     "slug" VARCHAR(100);

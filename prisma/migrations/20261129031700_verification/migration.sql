-- CreateEnum
CREATE TYPE "VerificationStatus" AS ENUM ('requested', 'pending', 'approved', 'rejected', 'expired');

-- AlterTable
ALTER TABLE "profiles" ADD COLUMN     "verified" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "verified_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "verification_requests" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "gesture" VARCHAR(30) NOT NULL,
    "status" "VerificationStatus" NOT NULL DEFAULT 'requested',
    "selfie_filename" VARCHAR(100),
    "reason" VARCHAR(40),
    "decided_by_id" INTEGER,
    "decided_at" TIMESTAMP(3),
    "claimed_by_id" INTEGER,
    "claimed_until" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "submitted_at" TIMESTAMP(3),
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "verification_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "verification_requests_selfie_filename_key" ON "verification_requests"("selfie_filename");

-- CreateIndex
CREATE INDEX "verification_requests_user_id_created_at_idx" ON "verification_requests"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "verification_requests_status_submitted_at_idx" ON "verification_requests"("status", "submitted_at");

-- AddForeignKey
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Hand-written: one open request (a gesture given, or a selfie waiting) per member at a time.
CREATE UNIQUE INDEX "verification_requests_one_open_idx" ON "verification_requests" ("user_id")
  WHERE "status" IN ('requested', 'pending');

-- A chat pal (fictional profile, staff's) can never carry the verified badge.
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_fictional_not_verified"
  CHECK (NOT ("fictional" AND "verified"));

-- Search "Alleen geverifieerd": listable verified profiles in the results' keyset order, with the
-- other filters as INCLUDE columns, so a verified-only page and its count are read from this
-- (small: verified members only) index alone; searches without the filter keep their indexes.
CREATE INDEX "profiles_list_verified_idx" ON "profiles" ("last_active_at", "id")
  INCLUDE ("user_id", "gender", "country_code", "date_of_birth", "region_id", "city_id", "has_photo")
  WHERE "status" = 'active' AND NOT "invisible" AND "verified";

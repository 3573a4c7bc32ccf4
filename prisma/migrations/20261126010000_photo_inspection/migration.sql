-- AlterTable
ALTER TABLE "photos" ADD COLUMN     "claimed_by_id" INTEGER,
ADD COLUMN     "claimed_until" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "profile_text_reviews" (
    "id" SERIAL NOT NULL,
    "profile_id" INTEGER NOT NULL,
    "field" VARCHAR(10) NOT NULL,
    "previous" TEXT,
    "text" TEXT,
    "status" VARCHAR(10) NOT NULL DEFAULT 'waiting',
    "reason" VARCHAR(40),
    "claimed_by_id" INTEGER,
    "claimed_until" TIMESTAMP(3),
    "decided_by_id" INTEGER,
    "decided_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "profile_text_reviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "inspection_decisions" (
    "id" BIGSERIAL NOT NULL,
    "kind" VARCHAR(10) NOT NULL,
    "subject_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "staff_id" INTEGER NOT NULL,
    "decision" VARCHAR(10) NOT NULL,
    "reason" VARCHAR(40),
    "before" JSONB NOT NULL,
    "decided_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undone_at" TIMESTAMP(3),

    CONSTRAINT "inspection_decisions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "profile_text_reviews_status_created_at_idx" ON "profile_text_reviews"("status", "created_at");

-- CreateIndex
CREATE INDEX "profile_text_reviews_profile_id_field_status_idx" ON "profile_text_reviews"("profile_id", "field", "status");

-- CreateIndex
CREATE INDEX "inspection_decisions_kind_subject_id_idx" ON "inspection_decisions"("kind", "subject_id");

-- AddForeignKey
ALTER TABLE "profile_text_reviews" ADD CONSTRAINT "profile_text_reviews_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "photo_screenings" (
    "id" SERIAL NOT NULL,
    "photo_id" INTEGER,
    "message_id" INTEGER,
    "hash" BIGINT NOT NULL,
    "abuse_match" BOOLEAN NOT NULL DEFAULT false,
    "risk" REAL,
    "scores" JSONB,
    "model" VARCHAR(40),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "scored_at" TIMESTAMP(3),

    CONSTRAINT "photo_screenings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "abuse_photo_hashes" (
    "id" SERIAL NOT NULL,
    "hash" BIGINT NOT NULL,
    "reason" VARCHAR(40) NOT NULL,
    "decision_id" BIGINT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "abuse_photo_hashes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "photo_screenings_photo_id_key" ON "photo_screenings"("photo_id");

-- CreateIndex
CREATE UNIQUE INDEX "photo_screenings_message_id_key" ON "photo_screenings"("message_id");

-- CreateIndex
CREATE INDEX "photo_screenings_scored_at_created_at_idx" ON "photo_screenings"("scored_at", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "abuse_photo_hashes_decision_id_key" ON "abuse_photo_hashes"("decision_id");

-- AddForeignKey
ALTER TABLE "photo_screenings" ADD CONSTRAINT "photo_screenings_photo_id_fkey" FOREIGN KEY ("photo_id") REFERENCES "photos"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "photo_screenings" ADD CONSTRAINT "photo_screenings_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A chat partner's photo library (issue 38 item 5): photos admins upload for a partner, which
-- operators send as photo messages in that partner's conversations (a copy per message).

-- CreateTable
CREATE TABLE "partner_library_photos" (
    "id" SERIAL NOT NULL,
    "profile_id" INTEGER NOT NULL,
    "filename" VARCHAR(100) NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "added_by_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "partner_library_photos_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "partner_library_photos_profile_id_id_idx" ON "partner_library_photos"("profile_id", "id");

-- AddForeignKey
ALTER TABLE "partner_library_photos" ADD CONSTRAINT "partner_library_photos_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "partner_library_photos" ADD CONSTRAINT "partner_library_photos_added_by_id_fkey" FOREIGN KEY ("added_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

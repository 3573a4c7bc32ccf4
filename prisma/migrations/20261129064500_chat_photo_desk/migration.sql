-- Chat photos on the photo desk (issue 35, point 1): when a moderator kept or removed a chat
-- photo the pre-screening flagged (null: still on the desk).
ALTER TABLE "photo_screenings" ADD COLUMN "reviewed_at" TIMESTAMP(3);

-- Hand-written: the desk's flagged chat photos not reviewed yet, read from this small index
-- (0.5 is PHOTO_SCREEN_FLAG_RISK in the contract; a change of it needs a new index).
CREATE INDEX "photo_screenings_chat_desk_idx" ON "photo_screenings" ("abuse_match", "risk", "id")
  WHERE "message_id" IS NOT NULL AND "reviewed_at" IS NULL AND ("abuse_match" OR "risk" >= 0.5);

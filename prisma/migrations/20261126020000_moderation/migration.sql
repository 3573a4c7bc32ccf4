-- Complaints handled by staff (issue 19, item 4): what was done and by whom, warnings, bans,
-- content hidden by moderation.

CREATE TYPE "ComplaintResolution" AS ENUM ('dismissed', 'warned', 'hidden', 'banned', 'unbanned');

ALTER TABLE "complaints"
  ADD COLUMN "resolution" "ComplaintResolution",
  ADD COLUMN "handled_by_id" INTEGER,
  ADD COLUMN "handled_at" TIMESTAMP(3);

CREATE INDEX "complaints_reporter_id_idx" ON "complaints"("reporter_id");
CREATE INDEX "complaints_reported_user_id_idx" ON "complaints"("reported_user_id");
CREATE INDEX "complaints_handled_by_id_idx" ON "complaints"("handled_by_id");

-- A ban: the account's status is `banned` while one is open (lifted_at null); `previous_status`
-- is what an unban restores. At most one open ban per account.
CREATE TABLE "member_bans" (
  "id" SERIAL PRIMARY KEY,
  "user_id" INTEGER NOT NULL,
  "complaint_id" INTEGER,
  "banned_by_id" INTEGER,
  "reason" TEXT NOT NULL,
  "previous_status" "UserStatus" NOT NULL,
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "lifted_at" TIMESTAMP(3),
  "lifted_by_id" INTEGER,
  "lift_reason" TEXT
);
CREATE INDEX "member_bans_user_id_idx" ON "member_bans"("user_id");
CREATE INDEX "member_bans_complaint_id_idx" ON "member_bans"("complaint_id");
CREATE INDEX "member_bans_banned_by_id_idx" ON "member_bans"("banned_by_id");
CREATE INDEX "member_bans_lifted_by_id_idx" ON "member_bans"("lifted_by_id");
CREATE UNIQUE INDEX "member_bans_one_open" ON "member_bans"("user_id") WHERE "lifted_at" IS NULL;

-- A warning mailed to a member.
CREATE TABLE "member_warnings" (
  "id" SERIAL PRIMARY KEY,
  "user_id" INTEGER NOT NULL,
  "complaint_id" INTEGER,
  "warned_by_id" INTEGER,
  "reason" TEXT NOT NULL,
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "member_warnings_user_id_idx" ON "member_warnings"("user_id");
CREATE INDEX "member_warnings_complaint_id_idx" ON "member_warnings"("complaint_id");
CREATE INDEX "member_warnings_warned_by_id_idx" ON "member_warnings"("warned_by_id");

-- Content taken away by moderation: what it held, for staff only (the member side shows a
-- message's text as removed, a photo as rejected, an empty "about me").
CREATE TABLE "hidden_content" (
  "id" SERIAL PRIMARY KEY,
  "user_id" INTEGER NOT NULL,
  "complaint_id" INTEGER,
  "hidden_by_id" INTEGER,
  "kind" TEXT NOT NULL CHECK ("kind" IN ('message', 'photo', 'about')),
  "message_id" INTEGER,
  "photo_id" INTEGER,
  "text" TEXT,
  "image_filename" VARCHAR(100),
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "hidden_content_user_id_idx" ON "hidden_content"("user_id");
CREATE INDEX "hidden_content_complaint_id_idx" ON "hidden_content"("complaint_id");
CREATE INDEX "hidden_content_hidden_by_id_idx" ON "hidden_content"("hidden_by_id");
CREATE INDEX "hidden_content_message_id_idx" ON "hidden_content"("message_id");
CREATE INDEX "hidden_content_photo_id_idx" ON "hidden_content"("photo_id");

ALTER TABLE "messages" ADD COLUMN "hidden_at" TIMESTAMP(3);

ALTER TABLE "complaints" ADD CONSTRAINT "complaints_handled_by_id_fkey" FOREIGN KEY ("handled_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "member_bans" ADD CONSTRAINT "member_bans_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "member_bans" ADD CONSTRAINT "member_bans_complaint_id_fkey" FOREIGN KEY ("complaint_id") REFERENCES "complaints"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "member_bans" ADD CONSTRAINT "member_bans_banned_by_id_fkey" FOREIGN KEY ("banned_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "member_bans" ADD CONSTRAINT "member_bans_lifted_by_id_fkey" FOREIGN KEY ("lifted_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "member_warnings" ADD CONSTRAINT "member_warnings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "member_warnings" ADD CONSTRAINT "member_warnings_complaint_id_fkey" FOREIGN KEY ("complaint_id") REFERENCES "complaints"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "member_warnings" ADD CONSTRAINT "member_warnings_warned_by_id_fkey" FOREIGN KEY ("warned_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "hidden_content" ADD CONSTRAINT "hidden_content_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "hidden_content" ADD CONSTRAINT "hidden_content_complaint_id_fkey" FOREIGN KEY ("complaint_id") REFERENCES "complaints"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "hidden_content" ADD CONSTRAINT "hidden_content_hidden_by_id_fkey" FOREIGN KEY ("hidden_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "hidden_content" ADD CONSTRAINT "hidden_content_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "hidden_content" ADD CONSTRAINT "hidden_content_photo_id_fkey" FOREIGN KEY ("photo_id") REFERENCES "photos"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A ban tells the member's open tabs why they end: `b:<user id>` (the sockets get
-- `account:banned`, then go), other closings stay `u:<user id>`.
CREATE OR REPLACE FUNCTION "notify_account_closed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" IN ('banned', 'deleted', 'purged') AND OLD."status" IS DISTINCT FROM NEW."status" THEN
    PERFORM pg_notify('session_ended',
      CASE WHEN NEW."status" = 'banned' THEN 'b:' ELSE 'u:' END || NEW."id"::text);
  END IF;
  RETURN NEW;
END $$;

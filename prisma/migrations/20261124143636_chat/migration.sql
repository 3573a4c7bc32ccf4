-- Chat (issue 11). Hand-written parts at the end: the gift images, and the notifications that
-- end a revoked session's sockets.

-- AlterTable
ALTER TABLE "conversation_participants" DROP COLUMN "last_read_message_id",
ADD COLUMN     "cleared_seq" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "last_delivered_seq" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "last_message_id" INTEGER,
ADD COLUMN     "last_read_seq" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "conversations" ADD COLUMN     "awaiting_reply_since" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "held" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "image_height" INTEGER,
ADD COLUMN     "image_width" INTEGER,
ADD COLUMN     "seq" BIGSERIAL NOT NULL,
ADD COLUMN     "seq_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ALTER COLUMN "idempotency_key" SET DATA TYPE VARCHAR(100);

-- CreateIndex
CREATE INDEX "conversations_awaiting_reply_since_idx" ON "conversations"("awaiting_reply_since");

-- CreateIndex
CREATE INDEX "messages_conversation_id_seq_idx" ON "messages"("conversation_id", "seq");

-- CreateIndex
CREATE INDEX "messages_conversation_id_seq_at_idx" ON "messages"("conversation_id", "seq_at");

-- CreateIndex
CREATE INDEX "messages_sender_id_held_idx" ON "messages"("sender_id", "held");

-- CreateIndex
CREATE UNIQUE INDEX "messages_seq_key" ON "messages"("seq");

-- CreateIndex
CREATE UNIQUE INDEX "messages_image_filename_key" ON "messages"("image_filename");

-- The gift catalogue's pictures are files served by the app (/media/gifts/<file>), no longer emoji.
UPDATE "gifts" SET "image" = "slug" || '.svg'
  WHERE "slug" IN ('rose', 'heart', 'coffee', 'kiss', 'love_letter', 'chocolate', 'teddy',
                   'champagne', 'bouquet', 'diamond_ring');

-- A session that ends (logout, password change or reset, deletion, expiry sweep, purge) or an
-- account that is banned, deleted or purged tells every app process at commit (LISTEN
-- session_ended), which disconnects its sockets at once (server/src/realtime).
CREATE FUNCTION "notify_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', 's:' || OLD."id"::text);
  RETURN OLD;
END $$;

CREATE TRIGGER "sessions_notify_ended" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_ended"();

CREATE FUNCTION "notify_account_closed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" IN ('banned', 'deleted', 'purged') AND OLD."status" IS DISTINCT FROM NEW."status" THEN
    PERFORM pg_notify('session_ended', 'u:' || NEW."id"::text);
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "users_notify_closed" AFTER UPDATE OF "status" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_account_closed"();

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "waited_since" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "operator_locks" (
    "conversation_id" INTEGER NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "locked_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "operator_locks_pkey" PRIMARY KEY ("conversation_id")
);

-- CreateTable
CREATE TABLE "operator_notes" (
    "id" SERIAL NOT NULL,
    "member_id" INTEGER NOT NULL,
    "author_id" INTEGER,
    "body" VARCHAR(1000) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "operator_notes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_care_flags" (
    "user_id" INTEGER NOT NULL,
    "flagged_by_id" INTEGER,
    "reason" VARCHAR(500),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "member_care_flags_pkey" PRIMARY KEY ("user_id")
);

-- CreateIndex
CREATE INDEX "operator_locks_operator_id_idx" ON "operator_locks"("operator_id");

-- CreateIndex
CREATE INDEX "operator_notes_member_id_created_at_idx" ON "operator_notes"("member_id", "created_at");

-- CreateIndex
CREATE INDEX "messages_operator_id_created_at_idx" ON "messages"("operator_id", "created_at");

-- AddForeignKey
ALTER TABLE "operator_locks" ADD CONSTRAINT "operator_locks_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "operator_locks" ADD CONSTRAINT "operator_locks_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "operator_notes" ADD CONSTRAINT "operator_notes_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "operator_notes" ADD CONSTRAINT "operator_notes_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_care_flags" ADD CONSTRAINT "member_care_flags_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_care_flags" ADD CONSTRAINT "member_care_flags_flagged_by_id_fkey" FOREIGN KEY ("flagged_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A chat partner is always fictional: once a fictional profile has a conversation, its flag
-- cannot be removed (a member who wrote to it was told it is fictional, and stays told).
CREATE FUNCTION profiles_keep_fictional() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.fictional AND NOT NEW.fictional AND EXISTS (
    SELECT 1 FROM conversations WHERE user_low_id = OLD.user_id OR user_high_id = OLD.user_id
  ) THEN
    RAISE EXCEPTION 'a chat partner that has chatted stays fictional (profile %)', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'profiles_fictional_kept';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER profiles_keep_fictional BEFORE UPDATE OF fictional ON profiles
  FOR EACH ROW WHEN (OLD.fictional IS DISTINCT FROM NEW.fictional)
  EXECUTE FUNCTION profiles_keep_fictional();

-- The chat partner as one person (issue 38, item 5): persona sheets, facts told, notes per
-- conversation and canned replies (server/src/staff-partners/personas.*).

-- CreateTable
CREATE TABLE "partner_personas" (
    "profile_id" INTEGER NOT NULL,
    "backstory" VARCHAR(4000) NOT NULL DEFAULT '',
    "writing_style" VARCHAR(2000) NOT NULL DEFAULT '',
    "updated_by_id" INTEGER,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "partner_personas_pkey" PRIMARY KEY ("profile_id")
);

-- CreateTable
CREATE TABLE "persona_facts" (
    "id" SERIAL NOT NULL,
    "profile_id" INTEGER NOT NULL,
    "body" VARCHAR(300) NOT NULL,
    "author_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "persona_facts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "conversation_notes" (
    "id" SERIAL NOT NULL,
    "conversation_id" INTEGER NOT NULL,
    "member_id" INTEGER NOT NULL,
    "author_id" INTEGER,
    "body" VARCHAR(1000) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conversation_notes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "canned_replies" (
    "id" SERIAL NOT NULL,
    "profile_id" INTEGER NOT NULL,
    "language" VARCHAR(2) NOT NULL,
    "title" VARCHAR(60) NOT NULL,
    "body" VARCHAR(1000) NOT NULL,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "canned_replies_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "persona_facts_profile_id_id_idx" ON "persona_facts"("profile_id", "id");

-- CreateIndex
CREATE INDEX "conversation_notes_conversation_id_created_at_idx" ON "conversation_notes"("conversation_id", "created_at");

-- CreateIndex
CREATE INDEX "conversation_notes_member_id_idx" ON "conversation_notes"("member_id");

-- CreateIndex
CREATE INDEX "canned_replies_profile_id_language_idx" ON "canned_replies"("profile_id", "language");

-- AddForeignKey
ALTER TABLE "partner_personas" ADD CONSTRAINT "partner_personas_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "partner_personas" ADD CONSTRAINT "partner_personas_updated_by_id_fkey" FOREIGN KEY ("updated_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "persona_facts" ADD CONSTRAINT "persona_facts_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "persona_facts" ADD CONSTRAINT "persona_facts_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_notes" ADD CONSTRAINT "conversation_notes_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_notes" ADD CONSTRAINT "conversation_notes_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_notes" ADD CONSTRAINT "conversation_notes_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "canned_replies" ADD CONSTRAINT "canned_replies_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "canned_replies" ADD CONSTRAINT "canned_replies_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

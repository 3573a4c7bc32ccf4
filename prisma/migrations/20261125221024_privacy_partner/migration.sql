-- Privacy mode (security review 2026-11-25, M2): a member's photos open only to members they have
-- written to. conversation_participants.wrote_at is when this member last sent a visible (not
-- held) message in the conversation since they last removed it; the send sets it in its own
-- statement, the member's removal clears it, and member-access/privacy-partner.ts reads it.

-- AlterTable
ALTER TABLE "conversation_participants" ADD COLUMN     "wrote_at" TIMESTAMP(3);

-- the conversations of today: each member's newest visible message after their last removal
UPDATE "conversation_participants" cp SET "wrote_at" = w."at"
FROM (
  SELECT m."conversation_id", m."sender_id", max(m."created_at") AS "at"
  FROM "messages" m
  JOIN "conversation_participants" own
    ON own."conversation_id" = m."conversation_id" AND own."user_id" = m."sender_id"
  WHERE NOT m."held" AND m."seq" > own."cleared_seq"
  GROUP BY m."conversation_id", m."sender_id"
) w
WHERE cp."conversation_id" = w."conversation_id" AND cp."user_id" = w."sender_id";

-- The legal versions a member accepted last, beside the account (issue 36 item 2): GET
-- /api/user.php says whether something is still to accept from the session's own row instead
-- of reading the consent log on every poll. member_consents stays the proof; a trigger keeps
-- these two columns to its newest terms and privacy rows, whoever writes them.
ALTER TABLE "users" ADD COLUMN "accepted_terms_version" VARCHAR(20),
ADD COLUMN "accepted_privacy_version" VARCHAR(20);

UPDATE "users" u SET "accepted_terms_version" = c."version"
  FROM (SELECT DISTINCT ON ("user_id") "user_id", "version" FROM "member_consents"
         WHERE "subject" = 'terms' ORDER BY "user_id", "created_at" DESC, "id" DESC) c
 WHERE c."user_id" = u."id";
UPDATE "users" u SET "accepted_privacy_version" = c."version"
  FROM (SELECT DISTINCT ON ("user_id") "user_id", "version" FROM "member_consents"
         WHERE "subject" = 'privacy' ORDER BY "user_id", "created_at" DESC, "id" DESC) c
 WHERE c."user_id" = u."id";

CREATE FUNCTION "member_consents_accepted_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."subject" = 'terms' THEN
    UPDATE "users" SET "accepted_terms_version" = NEW."version" WHERE "id" = NEW."user_id";
  ELSIF NEW."subject" = 'privacy' THEN
    UPDATE "users" SET "accepted_privacy_version" = NEW."version" WHERE "id" = NEW."user_id";
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "member_consents_accepted_version" AFTER INSERT ON "member_consents"
  FOR EACH ROW EXECUTE FUNCTION "member_consents_accepted_version"();

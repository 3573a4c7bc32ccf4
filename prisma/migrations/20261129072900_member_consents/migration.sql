-- Consent that can be proven (issue 36 item 2): the consent log, append-only, and the checkout's
-- consent to immediate delivery stored with each payment.
-- CreateEnum
CREATE TYPE "ConsentSubject" AS ENUM ('terms', 'privacy', 'partner_sharing');

-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "delivery_consent_at" TIMESTAMP(3),
ADD COLUMN     "delivery_consent_version" VARCHAR(20);

-- CreateTable
CREATE TABLE "member_consents" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "subject" "ConsentSubject" NOT NULL,
    "version" VARCHAR(20),
    "granted" BOOLEAN NOT NULL DEFAULT true,
    "source" VARCHAR(20) NOT NULL,
    "ip" VARCHAR(45),
    "user_agent" VARCHAR(300),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "member_consents_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "member_consents_user_id_subject_created_at_idx" ON "member_consents"("user_id", "subject", "created_at");

-- AddForeignKey
ALTER TABLE "member_consents" ADD CONSTRAINT "member_consents_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A payment's delivery consent is its time and the text's version together.
ALTER TABLE "payments" ADD CONSTRAINT "payments_delivery_consent_whole"
  CHECK (("delivery_consent_at" IS NULL) = ("delivery_consent_version" IS NULL));

-- The log is proof: a row is never changed (it goes only with the member, in the purge).
CREATE FUNCTION "member_consents_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'member_consents is append-only';
END;
$$;
CREATE TRIGGER "member_consents_no_update" BEFORE UPDATE ON "member_consents"
  FOR EACH ROW EXECUTE FUNCTION "member_consents_append_only"();

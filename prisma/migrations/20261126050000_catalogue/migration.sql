-- The site's catalogue edited by admins (issue 19, item 7).
-- An invite code an admin revoked is no longer accepted at signup.
ALTER TABLE "invites" ADD COLUMN "revoked_at" TIMESTAMP(3);
-- A gift's name per language, over the i18n key gifts.<slug> (gifts made in the console).
ALTER TABLE "gifts" ADD COLUMN "names" JSONB NOT NULL DEFAULT '{}';
-- A package whose credits or prices changed after payments referred to it is a new version.
ALTER TABLE "credit_packages" ADD COLUMN "replaces_id" INTEGER;

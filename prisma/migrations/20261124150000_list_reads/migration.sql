-- List reads at a million profiles (search): the list visibility rule is written in SQL by
-- member-access (list-query.ts) and relies on this invariant, which the database now keeps:
-- a profile is active only while its account is confirmed. Every other account state
-- (not confirmed, deleted, banned, purged) makes an active profile disabled, and an account
-- that is confirmed again (activation, reactivation, a ban lifted) makes its disabled profile
-- active again; hidden (taken offline by staff) is left alone both ways.

-- profiles that break it today
UPDATE "profiles" p SET "status" = 'disabled'
FROM "users" u
WHERE u."id" = p."user_id" AND p."status" = 'active' AND u."status" <> 'confirmed';

CREATE FUNCTION profile_status_follows_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "profiles"
  SET "status" = CASE WHEN NEW."status" = 'confirmed' THEN 'active' ELSE 'disabled' END::"ProfileStatus"
  WHERE "user_id" = NEW."id"
    AND "status" = CASE WHEN NEW."status" = 'confirmed' THEN 'disabled' ELSE 'active' END::"ProfileStatus";
  RETURN NULL;
END $$;

CREATE TRIGGER "users_status_to_profile"
AFTER UPDATE OF "status" ON "users"
FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
EXECUTE FUNCTION profile_status_follows_account();

CREATE FUNCTION profile_active_needs_confirmed_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'active' AND NOT EXISTS (
    SELECT 1 FROM "users" WHERE "id" = NEW."user_id" AND "status" = 'confirmed'
  ) THEN
    NEW."status" := 'disabled';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "profiles_active_needs_confirmed_account"
BEFORE INSERT OR UPDATE OF "status", "user_id" ON "profiles"
FOR EACH ROW EXECUTE FUNCTION profile_active_needs_confirmed_account();

-- has_photo: the profile's main photo is active (approved), kept by the database whatever
-- changes the photo or the main photo id (a photo approved, rejected or deleted, another main
-- photo chosen), so a search "with a photo" is answered from an index, not by reading photos.
ALTER TABLE "profiles" ADD COLUMN "has_photo" BOOLEAN NOT NULL DEFAULT false;
UPDATE "profiles" p SET "has_photo" = true
FROM "photos" f WHERE f."id" = p."main_photo_id" AND f."status" = 'active';

CREATE FUNCTION profile_has_photo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."has_photo" := NEW."main_photo_id" IS NOT NULL AND EXISTS (
    SELECT 1 FROM "photos" WHERE "id" = NEW."main_photo_id" AND "status" = 'active'
  );
  RETURN NEW;
END $$;

CREATE TRIGGER "profiles_has_photo"
BEFORE INSERT OR UPDATE OF "main_photo_id", "has_photo" ON "profiles"
FOR EACH ROW EXECUTE FUNCTION profile_has_photo();

CREATE FUNCTION photo_status_to_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "profiles" SET "has_photo" = (NEW."status" = 'active')
  WHERE "main_photo_id" = NEW."id" AND "has_photo" IS DISTINCT FROM (NEW."status" = 'active');
  RETURN NULL;
END $$;

CREATE TRIGGER "photos_status_to_profile"
AFTER UPDATE OF "status" ON "photos"
FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
EXECUTE FUNCTION photo_status_to_profile();

-- Search pages: listable profiles (active, not invisible) in the keyset order of the results
-- (most recently active first, then id), within a country and gender, within a region and
-- gender, or over every country (visitors without a country, distance searches across borders);
-- and by city and gender, which counts a distance search (the cities within it) quickly.
-- The INCLUDE columns are the filters, so a page is chosen and a count made from the index
-- alone.
CREATE INDEX "profiles_list_country_idx" ON "profiles" ("country_code", "gender", "last_active_at", "id")
  INCLUDE ("user_id", "date_of_birth", "region_id", "city_id", "has_photo")
  WHERE "status" = 'active' AND NOT "invisible";
CREATE INDEX "profiles_list_region_idx" ON "profiles" ("region_id", "gender", "last_active_at", "id")
  INCLUDE ("user_id", "date_of_birth", "city_id", "has_photo")
  WHERE "status" = 'active' AND NOT "invisible";
CREATE INDEX "profiles_list_activity_idx" ON "profiles" ("last_active_at", "id")
  INCLUDE ("user_id", "gender", "country_code", "date_of_birth", "region_id", "city_id", "has_photo")
  WHERE "status" = 'active' AND NOT "invisible";
CREATE INDEX "profiles_list_city_idx" ON "profiles" ("city_id", "gender", "last_active_at", "id")
  INCLUDE ("user_id", "date_of_birth", "country_code", "region_id", "has_photo")
  WHERE "status" = 'active' AND NOT "invisible";

-- CreateEnum
CREATE TYPE "StaffChallengePurpose" AS ENUM ('code', 'enroll');

-- CreateTable
CREATE TABLE "staff_sessions" (
    "id" UUID NOT NULL,
    "user_id" INTEGER NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "roles" "StaffRole"[],
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "last_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ip" VARCHAR(45),
    "user_agent" TEXT,

    CONSTRAINT "staff_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_second_factors" (
    "user_id" INTEGER NOT NULL,
    "secret" TEXT NOT NULL,
    "enabled_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_time_step" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "staff_second_factors_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "staff_recovery_codes" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "code_hash" CHAR(64) NOT NULL,
    "used_at" TIMESTAMP(3),

    CONSTRAINT "staff_recovery_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_login_challenges" (
    "token_hash" CHAR(64) NOT NULL,
    "user_id" INTEGER NOT NULL,
    "purpose" "StaffChallengePurpose" NOT NULL,
    "secret" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "staff_login_challenges_pkey" PRIMARY KEY ("token_hash")
);

-- CreateTable
CREATE TABLE "staff_audit_log" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_id" INTEGER,
    "actor_roles" "StaffRole"[],
    "action" VARCHAR(64) NOT NULL,
    "target_user_id" INTEGER,
    "subject_type" VARCHAR(32),
    "subject_id" VARCHAR(64),
    "before" JSONB,
    "after" JSONB,
    "reason" TEXT,
    "ip" VARCHAR(45),

    CONSTRAINT "staff_audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "staff_sessions_token_hash_key" ON "staff_sessions"("token_hash");

-- CreateIndex
CREATE INDEX "staff_sessions_user_id_idx" ON "staff_sessions"("user_id");

-- CreateIndex
CREATE INDEX "staff_sessions_expires_at_idx" ON "staff_sessions"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "staff_recovery_codes_user_id_code_hash_key" ON "staff_recovery_codes"("user_id", "code_hash");

-- CreateIndex
CREATE INDEX "staff_login_challenges_expires_at_idx" ON "staff_login_challenges"("expires_at");

-- CreateIndex
CREATE INDEX "staff_audit_log_at_idx" ON "staff_audit_log"("at");

-- CreateIndex
CREATE INDEX "staff_audit_log_actor_id_at_idx" ON "staff_audit_log"("actor_id", "at");

-- CreateIndex
CREATE INDEX "staff_audit_log_target_user_id_at_idx" ON "staff_audit_log"("target_user_id", "at");

-- CreateIndex
CREATE INDEX "staff_audit_log_action_at_idx" ON "staff_audit_log"("action", "at");

-- AddForeignKey
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_second_factors" ADD CONSTRAINT "staff_second_factors_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_login_challenges" ADD CONSTRAINT "staff_login_challenges_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The audit log is append-only: no UPDATE, DELETE or TRUNCATE through any role the app uses.
-- One exception, for the purge of a member (GDPR art. 17): inside a transaction that set
-- `vonkje.purge = 'on'` (SET LOCAL), `before`, `after` and `reason` may be emptied, nothing else.
CREATE FUNCTION "staff_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('vonkje.purge', true) = 'on'
     AND NEW."id" = OLD."id" AND NEW."at" = OLD."at"
     AND NEW."actor_id" IS NOT DISTINCT FROM OLD."actor_id"
     AND NEW."actor_roles" IS NOT DISTINCT FROM OLD."actor_roles"
     AND NEW."action" = OLD."action"
     AND NEW."target_user_id" IS NOT DISTINCT FROM OLD."target_user_id"
     AND NEW."subject_type" IS NOT DISTINCT FROM OLD."subject_type"
     AND NEW."subject_id" IS NOT DISTINCT FROM OLD."subject_id"
     AND NEW."ip" IS NOT DISTINCT FROM OLD."ip"
     AND NEW."before" IS NULL AND NEW."after" IS NULL AND NEW."reason" IS NULL THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'staff_audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER "staff_audit_log_append_only" BEFORE UPDATE OR DELETE ON "staff_audit_log"
  FOR EACH ROW EXECUTE FUNCTION "staff_audit_append_only"();
CREATE TRIGGER "staff_audit_log_no_truncate" BEFORE TRUNCATE ON "staff_audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "staff_audit_append_only"();

-- A staff session that ends tells every app process (the console's socket goes at once).
CREATE FUNCTION "notify_staff_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', 'st:' || OLD."id"::text);
  RETURN OLD;
END $$;

CREATE TRIGGER "staff_sessions_notify_ended" AFTER DELETE ON "staff_sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_staff_session_ended"();

-- A change of an account's roles, a ban, a deletion or a new password ends its staff sessions
-- (the console signs in again with the roles it has now).
CREATE FUNCTION "end_staff_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."roles" IS DISTINCT FROM NEW."roles"
     OR OLD."password_hash" IS DISTINCT FROM NEW."password_hash"
     OR (NEW."status" IS DISTINCT FROM OLD."status" AND NEW."status" <> 'confirmed') THEN
    DELETE FROM "staff_sessions" WHERE "user_id" = NEW."id";
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "users_end_staff_sessions" AFTER UPDATE OF "roles", "password_hash", "status" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "end_staff_sessions"();

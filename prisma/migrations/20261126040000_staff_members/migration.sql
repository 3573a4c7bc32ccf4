-- The console's members area (issue 19): a member's page lists the complaints by and against
-- them; admins search members by name (trigram index: any part of the name, no full scan;
-- shorter queries use the prefix index); an adjustment of credits is booked once per
-- Idempotency-Key (the key is the subject of its audit row).

-- CreateIndex
CREATE INDEX "complaints_reporter_id_created_at_idx" ON "complaints"("reporter_id", "created_at");

-- CreateIndex
CREATE INDEX "complaints_reported_user_id_created_at_idx" ON "complaints"("reported_user_id", "created_at");

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "profiles_name_trgm_idx" ON "profiles" USING gin (lower("name") gin_trgm_ops);
CREATE INDEX "profiles_name_prefix_idx" ON "profiles" (lower("name") text_pattern_ops);

CREATE UNIQUE INDEX "staff_audit_log_credit_adjustment_key" ON "staff_audit_log" ("subject_id")
  WHERE "action" = 'member.credits_adjusted';

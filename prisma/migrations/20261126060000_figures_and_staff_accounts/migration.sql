-- Figures (the console's dashboard): the day ranges it reads are index range scans, never a
-- scan of a whole table: signups, activations, payments by the day they were paid (and each
-- member's earlier payments, for first purchases), messages by the day they were sent.
CREATE INDEX "users_signup_date_idx" ON "users"("signup_date");
CREATE INDEX "users_confirmed_at_idx" ON "users"("confirmed_at");
CREATE INDEX "payments_paid_at_idx" ON "payments"("paid_at");
CREATE INDEX "payments_user_id_paid_at_idx" ON "payments"("user_id", "paid_at");
CREATE INDEX "messages_created_at_idx" ON "messages"("created_at");

-- One row per day (Europe/Amsterdam) of the figures, rolled up by the worker once the day is
-- over; today is always counted live. The photo queue cannot be counted afterwards, so the
-- worker samples it every hour into the day's row (the largest length and longest wait seen).
CREATE TABLE "daily_figures" (
    "day" DATE NOT NULL,
    "signups" INTEGER NOT NULL DEFAULT 0,
    "activations" INTEGER NOT NULL DEFAULT 0,
    "first_purchases" INTEGER NOT NULL DEFAULT 0,
    "messages" INTEGER NOT NULL DEFAULT 0,
    "revenue" JSONB NOT NULL DEFAULT '[]',
    "queue_peak" INTEGER,
    "oldest_wait_peak_seconds" INTEGER,
    "computed_at" TIMESTAMP(3),

    CONSTRAINT "daily_figures_pkey" PRIMARY KEY ("day")
);

-- A disabled staff account: its roles are put aside (so it cannot sign in and its sessions end,
-- by the trigger on roles) and given back when it is enabled again.
ALTER TABLE "users" ADD COLUMN "staff_disabled_at" TIMESTAMP(3),
ADD COLUMN "staff_disabled_roles" "StaffRole"[] DEFAULT ARRAY[]::"StaffRole"[];

ALTER TABLE "users" ADD CONSTRAINT "users_staff_disabled_without_roles"
  CHECK ("staff_disabled_at" IS NULL OR cardinality("roles") = 0);

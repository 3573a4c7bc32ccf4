-- CreateTable
CREATE TABLE "account_signals" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "value" VARCHAR(100) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_signals_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "account_signals_kind_check" CHECK ("kind" IN ('device', 'address_range', 'payment'))
);

-- CreateIndex
CREATE INDEX "account_signals_kind_value_idx" ON "account_signals"("kind", "value");

-- CreateIndex
CREATE UNIQUE INDEX "account_signals_user_id_kind_value_key" ON "account_signals"("user_id", "kind", "value");

-- AddForeignKey
ALTER TABLE "account_signals" ADD CONSTRAINT "account_signals_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

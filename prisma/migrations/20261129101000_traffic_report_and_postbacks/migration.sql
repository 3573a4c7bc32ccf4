-- CreateTable
CREATE TABLE "daily_traffic" (
    "day" DATE NOT NULL,
    "network" VARCHAR(100) NOT NULL DEFAULT '',
    "ref" VARCHAR(100) NOT NULL DEFAULT '',
    "sub1" VARCHAR(255) NOT NULL DEFAULT '',
    "sub2" VARCHAR(255) NOT NULL DEFAULT '',
    "sub3" VARCHAR(255) NOT NULL DEFAULT '',
    "lander" VARCHAR(50) NOT NULL DEFAULT '',
    "slug" VARCHAR(100) NOT NULL DEFAULT '',
    "visits" INTEGER NOT NULL DEFAULT 0,
    "bounces" INTEGER NOT NULL DEFAULT 0,
    "signups" INTEGER NOT NULL DEFAULT 0,
    "activations" INTEGER NOT NULL DEFAULT 0,
    "first_purchases" INTEGER NOT NULL DEFAULT 0,
    "revenue" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "daily_traffic_pkey" PRIMARY KEY ("day","network","ref","sub1","sub2","sub3","lander","slug")
);

-- CreateIndex
CREATE INDEX "daily_traffic_network_day_idx" ON "daily_traffic"("network", "day");

-- CreateTable
CREATE TABLE "traffic_rollup_days" (
    "day" DATE NOT NULL,
    "computed_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "traffic_rollup_days_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "affiliate_networks" (
    "id" SERIAL NOT NULL,
    "network" VARCHAR(100) NOT NULL,
    "postback_url" VARCHAR(2000) NOT NULL,
    "click_id_param" VARCHAR(10) NOT NULL DEFAULT 'sub1',
    "events" TEXT[] DEFAULT ARRAY['signup', 'activation', 'first_purchase']::TEXT[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "affiliate_networks_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "affiliate_networks_click_id_param_check" CHECK ("click_id_param" IN ('ref', 'sub1', 'sub2', 'sub3'))
);

-- CreateIndex
CREATE UNIQUE INDEX "affiliate_networks_network_key" ON "affiliate_networks"("network");

-- CreateTable
CREATE TABLE "postbacks" (
    "id" SERIAL NOT NULL,
    "event_id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" INTEGER NOT NULL,
    "network" VARCHAR(100) NOT NULL,
    "event" VARCHAR(20) NOT NULL,
    "amount_cents" INTEGER,
    "currency" CHAR(3),
    "status" VARCHAR(10) NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_status_code" INTEGER,
    "last_error" VARCHAR(500),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "enqueued_at" TIMESTAMP(3),
    "sent_at" TIMESTAMP(3),

    CONSTRAINT "postbacks_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "postbacks_event_check" CHECK ("event" IN ('signup', 'activation', 'first_purchase')),
    CONSTRAINT "postbacks_status_check" CHECK ("status" IN ('pending', 'sent', 'failed'))
);

-- CreateIndex
CREATE UNIQUE INDEX "postbacks_event_id_key" ON "postbacks"("event_id");

-- CreateIndex
CREATE INDEX "postbacks_created_at_idx" ON "postbacks"("created_at");

-- CreateIndex
CREATE INDEX "postbacks_status_enqueued_at_idx" ON "postbacks"("status", "enqueued_at");

-- CreateIndex
CREATE UNIQUE INDEX "postbacks_user_id_event_key" ON "postbacks"("user_id", "event");

-- AddForeignKey
ALTER TABLE "postbacks" ADD CONSTRAINT "postbacks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

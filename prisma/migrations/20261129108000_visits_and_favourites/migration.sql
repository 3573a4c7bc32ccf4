-- AlterTable
ALTER TABLE "users" ADD COLUMN "browse_unseen" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "notification_preferences" ADD COLUMN "visits" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "profile_visits" (
    "visitor_id" INTEGER NOT NULL,
    "visited_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "profile_visits_pkey" PRIMARY KEY ("visitor_id","visited_id","day")
);

-- CreateTable
CREATE TABLE "favourites" (
    "member_id" INTEGER NOT NULL,
    "favourite_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "favourites_pkey" PRIMARY KEY ("member_id","favourite_id")
);

-- CreateIndex
CREATE INDEX "profile_visits_visited_id_created_at_idx" ON "profile_visits"("visited_id", "created_at");

-- CreateIndex
CREATE INDEX "profile_visits_created_at_idx" ON "profile_visits"("created_at");

-- CreateIndex
CREATE INDEX "favourites_favourite_id_idx" ON "favourites"("favourite_id");

-- CreateIndex
CREATE INDEX "favourites_member_id_created_at_idx" ON "favourites"("member_id", "created_at");

-- AddForeignKey
ALTER TABLE "profile_visits" ADD CONSTRAINT "profile_visits_visitor_id_fkey" FOREIGN KEY ("visitor_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "profile_visits" ADD CONSTRAINT "profile_visits_visited_id_fkey" FOREIGN KEY ("visited_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_favourite_id_fkey" FOREIGN KEY ("favourite_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

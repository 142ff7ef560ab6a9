CREATE TABLE "home_page" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"sections" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- every existing shop keeps today's home page: the owner's hero above the featured carousel, the finder's
-- invitation, the featured brands and the feature blocks, all still edited where they were (decision 061)
INSERT INTO "home_page" ("id", "sections") VALUES (1, '[{"id":"hero","kind":"hero","carousel":true},{"id":"finder","kind":"finder"},{"id":"brands","kind":"brands"},{"id":"features","kind":"features"}]'::jsonb) ON CONFLICT ("id") DO NOTHING;

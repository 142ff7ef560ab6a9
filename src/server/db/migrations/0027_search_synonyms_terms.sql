CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"term" text NOT NULL,
	"meanings" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_term_days" (
	"day" date NOT NULL,
	"term" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"zero_results" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_term_days_day_term_pk" PRIMARY KEY("day","term")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_synonyms_term_idx" ON "search_synonyms" USING btree ("term");
CREATE TABLE "book_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_by" integer NOT NULL,
	"file_name" text NOT NULL,
	"rows" jsonb NOT NULL,
	"status" text DEFAULT 'PREVIEW' NOT NULL,
	"created_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"version" smallint NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_set_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"set_id" integer NOT NULL,
	"version" smallint NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"published_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "problems_set_order_key";--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "status" text DEFAULT 'ACTIVE' NOT NULL;--> statement-breakpoint
ALTER TABLE "problem_attempts" ADD COLUMN "version_id" integer;--> statement-breakpoint
ALTER TABLE "problem_sets" ADD COLUMN "current_version_id" integer;--> statement-breakpoint
ALTER TABLE "problem_sets" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "version_id" integer;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "coach_id" integer;--> statement-breakpoint
-- Every existing problem set becomes version 1, published when the set was made; its problems and attempts are
-- that version's.
INSERT INTO "problem_set_versions" ("set_id", "version", "published_at", "created_at")
  SELECT "id", 1, "created_at", "created_at" FROM "problem_sets";--> statement-breakpoint
UPDATE "problem_sets" s SET "current_version_id" = v."id" FROM "problem_set_versions" v WHERE v."set_id" = s."id";--> statement-breakpoint
UPDATE "problems" p SET "version_id" = s."current_version_id" FROM "problem_sets" s WHERE s."id" = p."set_id";--> statement-breakpoint
UPDATE "problem_attempts" a SET "version_id" = s."current_version_id" FROM "problem_sets" s WHERE s."id" = a."set_id";--> statement-breakpoint
ALTER TABLE "problems" ALTER COLUMN "version_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "problem_attempts" ALTER COLUMN "version_id" SET NOT NULL;--> statement-breakpoint
-- The FAQ entries become version 1 of their section, in effect from when they were written.
INSERT INTO "content_versions" ("kind", "code", "version", "title", "entries", "effective_from", "created_at")
  SELECT 'FAQ', "section", 1,
    CASE "section" WHEN 'operating' THEN '학원 운영 문의' WHEN 'agency' THEN '지사·대리점 가맹 문의' ELSE '이용 안내' END,
    jsonb_agg(jsonb_build_object('question', "question", 'answer', "answer") ORDER BY "sort_order", "id"),
    min("created_at"), min("created_at")
  FROM "faqs" WHERE "published" GROUP BY "section";--> statement-breakpoint
DROP TABLE "faqs" CASCADE;--> statement-breakpoint
ALTER TABLE "book_imports" ADD CONSTRAINT "book_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_set_versions" ADD CONSTRAINT "problem_set_versions_set_id_problem_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."problem_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_set_versions" ADD CONSTRAINT "problem_set_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_set_versions" ADD CONSTRAINT "problem_set_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_imports_created_idx" ON "book_imports" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_key" ON "content_versions" USING btree ("kind","code","version");--> statement-breakpoint
CREATE INDEX "content_versions_effective_idx" ON "content_versions" USING btree ("kind","code","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "problem_set_versions_key" ON "problem_set_versions" USING btree ("set_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "problem_set_versions_one_draft_key" ON "problem_set_versions" USING btree ("set_id") WHERE "problem_set_versions"."published_at" is null;--> statement-breakpoint
ALTER TABLE "problem_attempts" ADD CONSTRAINT "problem_attempts_version_id_problem_set_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."problem_set_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problems" ADD CONSTRAINT "problems_version_id_problem_set_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."problem_set_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "problems_version_order_key" ON "problems" USING btree ("version_id","order");--> statement-breakpoint
CREATE INDEX "problems_set_idx" ON "problems" USING btree ("set_id");--> statement-breakpoint
CREATE INDEX "notes_coach_idx" ON "notes" USING btree ("coach_id","state");
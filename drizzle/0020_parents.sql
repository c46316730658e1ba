-- hand-written: a parent signs in by the guardian's or parent's phone on a student's record, compared as digits.
CREATE INDEX IF NOT EXISTS "users_guardian_phone_digits_idx" ON "users" USING btree (regexp_replace(coalesce("guardian_phone", ''), '[^0-9]', '', 'g')) WHERE "guardian_phone" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_parent_phone_digits_idx" ON "users" USING btree (regexp_replace(coalesce("parent_phone", ''), '[^0-9]', '', 'g')) WHERE "parent_phone" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "parent_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"added_by" integer,
	"changed_by" integer,
	"changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parent_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"phone_digits" text NOT NULL,
	"talk_opt_out_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parent_links" ADD CONSTRAINT "parent_links_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_links" ADD CONSTRAINT "parent_links_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_links" ADD CONSTRAINT "parent_links_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_links" ADD CONSTRAINT "parent_links_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_profiles" ADD CONSTRAINT "parent_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parent_links_key" ON "parent_links" USING btree ("parent_id","student_id");--> statement-breakpoint
CREATE INDEX "parent_links_student_idx" ON "parent_links" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "parent_profiles_phone_key" ON "parent_profiles" USING btree ("phone_digits");
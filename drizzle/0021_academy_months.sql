CREATE TABLE "academy_months" (
	"organisation_id" integer NOT NULL,
	"month" text NOT NULL,
	"active_students" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "academy_months_organisation_id_month_pk" PRIMARY KEY("organisation_id","month")
);
--> statement-breakpoint
ALTER TABLE "academy_months" ADD CONSTRAINT "academy_months_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "class_goals" (
	"class_id" integer NOT NULL,
	"month" text NOT NULL,
	"books" integer,
	"minutes" integer,
	"days" integer,
	"set_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_goals_class_id_month_pk" PRIMARY KEY("class_id","month"),
	CONSTRAINT "class_goals_some_target" CHECK ("class_goals"."books" is not null or "class_goals"."minutes" is not null or "class_goals"."days" is not null)
);
--> statement-breakpoint
CREATE TABLE "report_comments" (
	"student_id" integer NOT NULL,
	"month" text NOT NULL,
	"comment" text NOT NULL,
	"written_by" integer NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_comments_student_id_month_pk" PRIMARY KEY("student_id","month")
);
--> statement-breakpoint
ALTER TABLE "class_goals" ADD CONSTRAINT "class_goals_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_goals" ADD CONSTRAINT "class_goals_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_comments" ADD CONSTRAINT "report_comments_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_comments" ADD CONSTRAINT "report_comments_written_by_users_id_fk" FOREIGN KEY ("written_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_comments" ADD CONSTRAINT "report_comments_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_comments_published_idx" ON "report_comments" USING btree ("month","published_at");
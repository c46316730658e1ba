CREATE TABLE "before_reading_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"result_book_id" integer NOT NULL,
	"prediction" text NOT NULL,
	"what_i_know" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "before_reading_answers_result_book_key" UNIQUE("result_book_id")
);
--> statement-breakpoint
CREATE TABLE "no_page_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"result_book_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"section_index" smallint NOT NULL,
	"minutes" smallint NOT NULL,
	"read_date" date NOT NULL,
	"submission_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"result_book_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"event" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"result_book_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"start_page" smallint NOT NULL,
	"end_page" smallint NOT NULL,
	"minutes" smallint NOT NULL,
	"read_date" date NOT NULL,
	"read_method" smallint NOT NULL,
	"is_repeat" boolean DEFAULT false NOT NULL,
	"weak" boolean DEFAULT false NOT NULL,
	"read_time_result" smallint[] DEFAULT '{-1,-1,-1,-1,-1,-1}'::smallint[] NOT NULL,
	"session_index" smallint,
	"submission_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "result_books" ADD COLUMN "start_page" smallint;--> statement-breakpoint
ALTER TABLE "before_reading_answers" ADD CONSTRAINT "before_reading_answers_result_book_id_result_books_id_fk" FOREIGN KEY ("result_book_id") REFERENCES "public"."result_books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_page_progress" ADD CONSTRAINT "no_page_progress_result_book_id_result_books_id_fk" FOREIGN KEY ("result_book_id") REFERENCES "public"."result_books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_page_progress" ADD CONSTRAINT "no_page_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_events" ADD CONSTRAINT "reading_events_result_book_id_result_books_id_fk" FOREIGN KEY ("result_book_id") REFERENCES "public"."result_books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_events" ADD CONSTRAINT "reading_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_records" ADD CONSTRAINT "reading_records_result_book_id_result_books_id_fk" FOREIGN KEY ("result_book_id") REFERENCES "public"."result_books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_records" ADD CONSTRAINT "reading_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "no_page_progress_book_idx" ON "no_page_progress" USING btree ("result_book_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "no_page_progress_submission_key" ON "no_page_progress" USING btree ("user_id","submission_key");--> statement-breakpoint
CREATE INDEX "reading_events_book_idx" ON "reading_events" USING btree ("result_book_id","id");--> statement-breakpoint
CREATE INDEX "reading_records_book_idx" ON "reading_records" USING btree ("result_book_id","id");--> statement-breakpoint
CREATE INDEX "reading_records_user_idx" ON "reading_records" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reading_records_submission_key" ON "reading_records" USING btree ("user_id","submission_key");
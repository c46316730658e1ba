CREATE TABLE "level_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"source" text DEFAULT 'COURSE_TEST' NOT NULL,
	"attempt_id" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"problem_id" integer NOT NULL,
	"answer" text NOT NULL,
	"is_correct" smallint,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"set_id" integer NOT NULL,
	"result_book_id" integer,
	"round" smallint DEFAULT 1 NOT NULL,
	"step" smallint DEFAULT 1 NOT NULL,
	"score" smallint,
	"medal" text,
	"correct_count" smallint,
	"total" smallint,
	"placed_level" smallint,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"marked_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_category_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"category" text NOT NULL,
	"correct" smallint NOT NULL,
	"total" smallint NOT NULL,
	"score" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"book_id" integer,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"subject" text,
	"passage" text,
	"level" smallint,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problems" (
	"id" serial PRIMARY KEY NOT NULL,
	"set_id" integer NOT NULL,
	"order" smallint NOT NULL,
	"exam_method" text NOT NULL,
	"question" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correct_answer" text NOT NULL,
	"accepted_answers" text[] DEFAULT '{}'::text[] NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"points" smallint DEFAULT 10 NOT NULL,
	"level" smallint,
	CONSTRAINT "problems_exam_method_check" CHECK ("problems"."exam_method" in ('m', 's')),
	CONSTRAINT "problems_points_check" CHECK ("problems"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "self_analyses" (
	"id" serial PRIMARY KEY NOT NULL,
	"result_book_id" integer NOT NULL,
	"interest" smallint NOT NULL,
	"difficulty" smallint NOT NULL,
	"understanding" smallint NOT NULL,
	"usefulness" smallint NOT NULL,
	"recommend" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "self_analyses_range_check" CHECK ("self_analyses"."interest" between 1 and 5 and "self_analyses"."difficulty" between 1 and 5 and "self_analyses"."understanding" between 1 and 5 and "self_analyses"."usefulness" between 1 and 5 and "self_analyses"."recommend" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "level_history" ADD CONSTRAINT "level_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_history" ADD CONSTRAINT "level_history_attempt_id_problem_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."problem_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_answers" ADD CONSTRAINT "problem_answers_attempt_id_problem_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."problem_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_answers" ADD CONSTRAINT "problem_answers_problem_id_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."problems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_attempts" ADD CONSTRAINT "problem_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_attempts" ADD CONSTRAINT "problem_attempts_set_id_problem_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."problem_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_attempts" ADD CONSTRAINT "problem_attempts_result_book_id_result_books_id_fk" FOREIGN KEY ("result_book_id") REFERENCES "public"."result_books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_category_results" ADD CONSTRAINT "problem_category_results_attempt_id_problem_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."problem_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_sets" ADD CONSTRAINT "problem_sets_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problems" ADD CONSTRAINT "problems_set_id_problem_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."problem_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_analyses" ADD CONSTRAINT "self_analyses_result_book_id_result_books_id_fk" FOREIGN KEY ("result_book_id") REFERENCES "public"."result_books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "level_history_user_idx" ON "level_history" USING btree ("user_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "level_history_attempt_key" ON "level_history" USING btree ("attempt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "problem_answers_attempt_problem_key" ON "problem_answers" USING btree ("attempt_id","problem_id");--> statement-breakpoint
CREATE UNIQUE INDEX "problem_attempts_round_key" ON "problem_attempts" USING btree ("user_id","set_id",coalesce("result_book_id", 0),"round");--> statement-breakpoint
CREATE INDEX "problem_attempts_result_book_idx" ON "problem_attempts" USING btree ("result_book_id");--> statement-breakpoint
CREATE INDEX "problem_attempts_user_idx" ON "problem_attempts" USING btree ("user_id","set_id");--> statement-breakpoint
CREATE UNIQUE INDEX "problem_category_results_key" ON "problem_category_results" USING btree ("attempt_id","category");--> statement-breakpoint
CREATE INDEX "problem_sets_book_idx" ON "problem_sets" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "problem_sets_kind_idx" ON "problem_sets" USING btree ("kind","status");--> statement-breakpoint
CREATE UNIQUE INDEX "problems_set_order_key" ON "problems" USING btree ("set_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "self_analyses_result_book_key" ON "self_analyses" USING btree ("result_book_id");
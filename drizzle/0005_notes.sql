CREATE TABLE "note_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"note_id" integer NOT NULL,
	"actor_id" integer NOT NULL,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"from_state" smallint NOT NULL,
	"to_state" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"result_book_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"note_input" text,
	"correction" text,
	"image_key" text,
	"image_width" integer,
	"image_height" integer,
	"image_type" text,
	"state" smallint DEFAULT -1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"has_unread_comment" boolean DEFAULT false NOT NULL,
	"commented_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "note_history" ADD CONSTRAINT "note_history_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_history" ADD CONSTRAINT "note_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_result_book_id_result_books_id_fk" FOREIGN KEY ("result_book_id") REFERENCES "public"."result_books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "note_history_note_idx" ON "note_history" USING btree ("note_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notes_result_book_key" ON "notes" USING btree ("result_book_id");--> statement-breakpoint
CREATE INDEX "notes_user_idx" ON "notes" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "notes_state_idx" ON "notes" USING btree ("state","state_changed_at");--> statement-breakpoint
CREATE INDEX "notes_unread_idx" ON "notes" USING btree ("user_id") WHERE "notes"."has_unread_comment";
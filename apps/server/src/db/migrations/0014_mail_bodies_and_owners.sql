ALTER TABLE "mail_outbox" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "user_id" uuid;--> statement-breakpoint
CREATE INDEX "mail_outbox_user_idx" ON "mail_outbox" USING btree ("user_id");--> statement-breakpoint
-- Mails sent or given up before this migration drop their bodies (links and tokens) too.
UPDATE "mail_outbox" SET "text" = NULL, "html" = NULL WHERE "status" <> 'pending';--> statement-breakpoint
-- Earlier mails to a customer's address about their account or orders belong to that customer;
-- the cleaning enquiries go to the shop, and a goodbye mail to an account that is gone already.
UPDATE "mail_outbox" SET "user_id" = "users"."id" FROM "users"
  WHERE "users"."email" = "mail_outbox"."recipient" AND "users"."provider" <> 'guest'
    AND "mail_outbox"."kind" IN ('verify-email', 'reset-password', 'password-changed', 'account-exists', 'order-confirmation');--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_body_check" CHECK (("mail_outbox"."status" = 'pending' and "mail_outbox"."text" is not null and "mail_outbox"."html" is not null)
        or ("mail_outbox"."status" <> 'pending' and "mail_outbox"."text" is null and "mail_outbox"."html" is null));

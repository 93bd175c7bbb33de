-- A mail may carry files: the order confirmation carries the order's receipt as PDF (issue
-- 34.5). They are written when the mail is queued, in the transaction of the order, and belong
-- to the body: like the text and HTML, they go once the mail is sent or given up, as a receipt
-- names its buyer.
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_attachments_check" CHECK ("mail_outbox"."status" = 'pending' or "mail_outbox"."attachments" is null);

CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_charged_idx" ON "orders" USING btree ("charged_at");--> statement-breakpoint
CREATE INDEX "orders_shipping_email_trgm_idx" ON "orders" USING gin (("shipping_details"->>'email') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_shipping_name_trgm_idx" ON "orders" USING gin (("shipping_details"->>'name') gin_trgm_ops);
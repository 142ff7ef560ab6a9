ALTER TABLE "products" ADD COLUMN "video_provider" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "video_id" text;--> statement-breakpoint
CREATE INDEX "order_items_product_id_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_video_whole" CHECK (("products"."video_provider" is null and "products"."video_id" is null) or ("products"."video_provider" in ('youtube', 'vimeo') and "products"."video_id" is not null));
CREATE TABLE "attribute_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_type_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"unit" text,
	"choices" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_filter" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "option_types_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "option_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_type_id" integer NOT NULL,
	"label" text NOT NULL,
	"sort_value" numeric(10, 4),
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_attribute_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"attribute_id" integer NOT NULL,
	"number_min" numeric(12, 4),
	"number_max" numeric(12, 4),
	"choices" text[],
	"flag" boolean,
	"text" text,
	CONSTRAINT "product_attribute_values_owner_key" UNIQUE NULLS NOT DISTINCT("product_id","attribute_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"url" text NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_type_options" (
	"product_type_id" integer NOT NULL,
	"option_type_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_type_options_product_type_id_option_type_id_pk" PRIMARY KEY("product_type_id","option_type_id")
);
--> statement-breakpoint
CREATE TABLE "product_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_types_slug_unique" UNIQUE("slug"),
	CONSTRAINT "product_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text,
	"price" numeric(10, 2) NOT NULL,
	"compare_at_price" numeric(10, 2),
	"stock" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"image_id" integer,
	"option_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_sku_unique" UNIQUE("sku"),
	CONSTRAINT "product_variants_stock_not_negative" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_not_negative" CHECK ("product_variants"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "variant_option_values" (
	"variant_id" integer NOT NULL,
	"option_type_id" integer NOT NULL,
	"option_value_id" integer NOT NULL,
	CONSTRAINT "variant_option_values_variant_id_option_type_id_pk" PRIMARY KEY("variant_id","option_type_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "product_type_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "usapa_status" text DEFAULT 'not_stated' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "usapa_checked_on" date;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_name" text;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD COLUMN "variant_id" integer;--> statement-breakpoint
-- The standard catalogue model: types, their spec sheets and variant axes (docs/decisions/017).
INSERT INTO "product_types" ("slug", "name", "position") VALUES
  ('paddles', 'Paddles', 1), ('balls', 'Balls', 2), ('shoes', 'Shoes', 3), ('bags', 'Bags', 4),
  ('nets', 'Nets', 5), ('apparel', 'Apparel', 6), ('accessories', 'Accessories', 7);--> statement-breakpoint
INSERT INTO "option_types" ("key", "name", "position") VALUES
  ('core_thickness', 'Core thickness', 1), ('grip_size', 'Grip size', 2), ('color', 'Color', 3),
  ('pack_size', 'Pack size', 4), ('court', 'Court', 5), ('shoe_size', 'Size', 6), ('width', 'Width', 7),
  ('apparel_size', 'Size', 8);--> statement-breakpoint
INSERT INTO "option_values" ("option_type_id", "label", "sort_value", "position")
SELECT o."id", v."label", v."sort_value", v."position"
FROM (VALUES
  ('core_thickness', '13 mm', 13, 1), ('core_thickness', '14 mm', 14, 2), ('core_thickness', '16 mm', 16, 3),
  ('grip_size', '4 in', 4, 1), ('grip_size', '4 1/8 in', 4.125, 2), ('grip_size', '4 1/4 in', 4.25, 3), ('grip_size', '4 3/8 in', 4.375, 4),
  ('pack_size', '3-pack', 3, 1), ('pack_size', '6-pack', 6, 2), ('pack_size', '12-pack', 12, 3), ('pack_size', '36-pack', 36, 4),
  ('pack_size', '50-pack', 50, 5), ('pack_size', '100-pack', 100, 6),
  ('court', 'Indoor', NULL, 1), ('court', 'Outdoor', NULL, 2),
  ('width', 'Regular', NULL, 1), ('width', 'Wide', NULL, 2),
  ('apparel_size', 'XS', NULL, 1), ('apparel_size', 'S', NULL, 2), ('apparel_size', 'M', NULL, 3),
  ('apparel_size', 'L', NULL, 4), ('apparel_size', 'XL', NULL, 5), ('apparel_size', 'XXL', NULL, 6)
) AS v("option_key", "label", "sort_value", "position")
JOIN "option_types" o ON o."key" = v."option_key";--> statement-breakpoint
INSERT INTO "product_type_options" ("product_type_id", "option_type_id", "position")
SELECT t."id", o."id", v."position"
FROM (VALUES
  ('paddles', 'core_thickness', 1), ('paddles', 'grip_size', 2), ('paddles', 'color', 3),
  ('balls', 'pack_size', 1), ('balls', 'court', 2), ('balls', 'color', 3),
  ('shoes', 'shoe_size', 1), ('shoes', 'width', 2), ('shoes', 'color', 3),
  ('bags', 'color', 1), ('apparel', 'apparel_size', 1), ('apparel', 'color', 2), ('accessories', 'color', 1)
) AS v("type_slug", "option_key", "position")
JOIN "product_types" t ON t."slug" = v."type_slug"
JOIN "option_types" o ON o."key" = v."option_key";--> statement-breakpoint
INSERT INTO "attribute_definitions" ("product_type_id", "key", "name", "kind", "unit", "choices", "position", "is_filter")
SELECT t."id", v."key", v."name", v."kind", v."unit", v."choices"::text[], v."position", v."is_filter"
FROM (VALUES
  ('paddles', 'static_weight', 'Static weight', 'range', 'oz', '{}', 1, true),
  ('paddles', 'shape', 'Shape', 'choice', NULL, '{Elongated,Hybrid,Widebody,Extra-elongated}', 2, true),
  ('paddles', 'face_material', 'Face material', 'choice', NULL, '{Raw carbon,Carbon/Kevlar,Kevlar,Titanium/carbon,Fiberglass,Graphite}', 3, true),
  ('paddles', 'length', 'Length', 'number', 'in', '{}', 4, false),
  ('paddles', 'width', 'Width', 'number', 'in', '{}', 5, false),
  ('paddles', 'handle_length', 'Handle length', 'number', 'in', '{}', 6, false),
  ('paddles', 'grip_circumference', 'Grip circumference', 'number', 'in', '{}', 7, false),
  ('paddles', 'core_material', 'Core material', 'choice', NULL, '{Polypropylene honeycomb,Polypropylene and foam,Foam,Nomex,Aluminium}', 8, false),
  ('paddles', 'surface_texture', 'Surface texture', 'choice', NULL, '{Raw peel-ply,Painted grit,Smooth}', 9, false),
  ('paddles', 'construction', 'Construction', 'choice', NULL, '{Thermoformed,Cold-pressed,Edgeless}', 10, false),
  ('paddles', 'swing_weight', 'Swing weight', 'number', NULL, '{}', 11, false),
  ('paddles', 'twist_weight', 'Twist weight', 'number', NULL, '{}', 12, false),
  ('paddles', 'balance_point', 'Balance point', 'number', 'mm', '{}', 13, false),
  ('paddles', 'play_style', 'Play style', 'choice', NULL, '{Control,All-court,Power}', 14, true),
  ('balls', 'hole_count', 'Holes', 'number', NULL, '{}', 1, false),
  ('balls', 'diameter', 'Diameter', 'number', 'in', '{}', 2, false),
  ('balls', 'ball_weight', 'Weight', 'number', 'oz', '{}', 3, false),
  ('shoes', 'court_type', 'Court type', 'choice', NULL, '{Indoor,Outdoor,All-court}', 1, true),
  ('shoes', 'fit', 'Fit', 'choice', NULL, '{Men''s,Women''s,Unisex}', 2, true),
  ('shoes', 'shoe_weight', 'Weight', 'number', 'oz', '{}', 3, false),
  ('shoes', 'heel_drop', 'Heel-to-toe drop', 'number', 'mm', '{}', 4, false),
  ('bags', 'bag_style', 'Style', 'choice', NULL, '{Backpack,Sling,Duffel,Tournament bag,Tote}', 1, true),
  ('bags', 'paddle_capacity', 'Paddles held', 'number', NULL, '{}', 2, false),
  ('bags', 'shoe_compartment', 'Shoe compartment', 'tristate', NULL, '{}', 3, false),
  ('bags', 'fence_hook', 'Fence hook', 'tristate', NULL, '{}', 4, false),
  ('nets', 'net_type', 'Type', 'choice', NULL, '{Portable,Permanent}', 1, true),
  ('nets', 'net_length', 'Length', 'number', 'ft', '{}', 2, false),
  ('nets', 'regulation_size', 'Regulation size', 'tristate', NULL, '{}', 3, false),
  ('nets', 'carry_bag', 'Carry bag included', 'tristate', NULL, '{}', 4, false),
  ('apparel', 'fabric', 'Fabric', 'text', NULL, '{}', 1, false),
  ('apparel', 'apparel_fit', 'Fit', 'choice', NULL, '{Men''s,Women''s,Unisex}', 2, true),
  ('accessories', 'accessory_type', 'Kind', 'choice', NULL, '{Grip,Overgrip,Edge guard,Lead tape,Eyewear,Ball retriever,Other}', 1, true)
) AS v("type_slug", "key", "name", "kind", "unit", "choices", "position", "is_filter")
JOIN "product_types" t ON t."slug" = v."type_slug";
;--> statement-breakpoint
-- Every existing product gets a type from its name where that is clear, "Accessories" otherwise
-- (the first rule that matches wins: a "paddle bag" is a bag, an "overgrip" an accessory).
UPDATE "products" p SET "product_type_id" = t."id"
FROM "product_types" t
WHERE t."slug" = CASE
  WHEN p."name" ~* '(grip|tape|guard|cover|towel|wristband|eyewear|glasses|retriever|hopper)' THEN 'accessories'
  WHEN p."name" ~* '\m(bag|bags|backpack|duffel|tote|sling)\M' THEN 'bags'
  WHEN p."name" ~* '\mnets?\M' THEN 'nets'
  WHEN p."name" ~* '\m(shoe|shoes|sneakers?)\M' THEN 'shoes'
  WHEN p."name" ~* '\mballs?\M' THEN 'balls'
  WHEN p."name" ~* '\mpaddles?\M' OR p."thickness" IS NOT NULL THEN 'paddles'
  WHEN p."name" ~* '\m(shirt|tee|t-shirt|tank|polo|shorts|skirt|skort|hoodie|jacket|hat|cap|visor|socks|dress|apparel)\M' THEN 'apparel'
  ELSE 'accessories'
END;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "product_type_id" SET NOT NULL;--> statement-breakpoint
-- ... and one variant carrying its SKU, price and stock, and its image as the first of its gallery.
INSERT INTO "product_variants" ("product_id", "sku", "price", "stock", "position", "option_key", "created_at", "updated_at")
SELECT "id", "sku", "price", "stock", 0, '', "created_at", "updated_at" FROM "products";--> statement-breakpoint
INSERT INTO "product_images" ("product_id", "url", "alt", "position")
SELECT "id", "image_url", "name", 0 FROM "products" WHERE "image_url" IS NOT NULL;--> statement-breakpoint
UPDATE "product_variants" v SET "image_id" = i."id" FROM "product_images" i WHERE i."product_id" = v."product_id";--> statement-breakpoint
-- Order lines and held stock name the variant; a line keeps the SKU it sold as (the product's today).
UPDATE "order_items" oi SET "variant_id" = v."id", "sku" = v."sku" FROM "product_variants" v WHERE v."product_id" = oi."product_id";--> statement-breakpoint
UPDATE "stock_reservations" r SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = r."product_id";--> statement-breakpoint
ALTER TABLE "stock_reservations" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "attribute_definitions" ADD CONSTRAINT "attribute_definitions_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_values" ADD CONSTRAINT "option_values_option_type_id_option_types_id_fk" FOREIGN KEY ("option_type_id") REFERENCES "public"."option_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_values" ADD CONSTRAINT "product_attribute_values_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_values" ADD CONSTRAINT "product_attribute_values_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_values" ADD CONSTRAINT "product_attribute_values_attribute_id_attribute_definitions_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attribute_definitions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_type_options" ADD CONSTRAINT "product_type_options_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_type_options" ADD CONSTRAINT "product_type_options_option_type_id_option_types_id_fk" FOREIGN KEY ("option_type_id") REFERENCES "public"."option_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_image_id_product_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."product_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_option_values" ADD CONSTRAINT "variant_option_values_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_option_values" ADD CONSTRAINT "variant_option_values_option_type_id_option_types_id_fk" FOREIGN KEY ("option_type_id") REFERENCES "public"."option_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_option_values" ADD CONSTRAINT "variant_option_values_option_value_id_option_values_id_fk" FOREIGN KEY ("option_value_id") REFERENCES "public"."option_values"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_definitions_type_key_idx" ON "attribute_definitions" USING btree ("product_type_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "option_values_type_label_idx" ON "option_values" USING btree ("option_type_id","label");--> statement-breakpoint
CREATE INDEX "product_attribute_values_attribute_idx" ON "product_attribute_values" USING btree ("attribute_id","number_min","number_max");--> statement-breakpoint
CREATE INDEX "product_attribute_values_choices_idx" ON "product_attribute_values" USING gin ("choices");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_combination_idx" ON "product_variants" USING btree ("product_id","option_key");--> statement-breakpoint
CREATE INDEX "variant_option_values_value_idx" ON "variant_option_values" USING btree ("option_value_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_type_idx" ON "products" USING btree ("product_type_id");
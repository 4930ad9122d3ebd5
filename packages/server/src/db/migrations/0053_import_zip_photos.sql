CREATE TABLE "product_import_photos" (
	"import_id" uuid NOT NULL,
	"name" text NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "product_import_photos_import_id_name_pk" PRIMARY KEY("import_id","name")
);
--> statement-breakpoint
ALTER TABLE "product_import_photos" ADD CONSTRAINT "product_import_photos_import_id_product_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."product_imports"("id") ON DELETE cascade ON UPDATE no action;
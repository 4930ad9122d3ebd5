import { z } from "zod";

/** Catalogue name: required (shown as '*'), at most 150 characters (spec §5). */
export const catalogueNameMax = 150;
export const catalogueName = z
  .string()
  .trim()
  .min(1, { message: "required_mark" })
  .max(catalogueNameMax, { message: "catalogue_name_too_long" });

/** Accepted image types for catalogue, shop and merchandising uploads; recommended catalogue image 400x200. */
export const imageMimeTypes = ["image/jpeg", "image/png", "image/jpg", "image/svg+xml"] as const;
export const catalogueImageSize = { width: 400, height: 200 } as const;

/** An image or link address: absolute http(s) URL or a path served by this site (/media/…). */
export const imageUrl = z
  .string()
  .trim()
  .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, { message: "invalid_url" });

export const catalogueInput = z.object({
  name: catalogueName,
  photo: imageUrl.nullable().optional(),
});
export type CatalogueInput = z.infer<typeof catalogueInput>;
export const catalogueUpdate = catalogueInput.partial();

export const catalogueView = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  photo: z.string().nullable(),
  position: z.number().int(),
  num_products: z.number().int(),
  updated_at: z.string(),
  owner: z.string(),
  origin_id: z.string().nullable(),
});
export type CatalogueView = z.infer<typeof catalogueView>;

export const catalogueMove = z.object({ position: z.number().int().min(0) });

export const catalogueDuplicate = z
  .object({
    origin_id: z.string().uuid().optional(),
    origin_slug: z.string().min(1).optional(),
    /** The shop that owns the origin when duplicating by slug from another store. */
    origin_shop: z.string().min(1).optional(),
    name: catalogueName.optional(),
  })
  .refine((value) => value.origin_id || value.origin_slug, { message: "required", path: ["origin_id"] });

export const catalogueProductAdd = z.object({ product_id: z.string().uuid() });

/** Product position update: body queue_position (zero-based) and product. */
export const productMove = z.object({ product: z.string().uuid(), queue_position: z.number().int() });

export const shortLinkInput = z.object({
  name: z.string().trim().min(1).max(100, { message: "short_link_name_too_long" }),
  url: z.string().trim().min(1),
  state: z.enum(["active", "paused", "finished"]).default("active"),
});
export const shortLinkView = z.object({
  code: z.string(),
  name: z.string(),
  url: z.string(),
  state: z.string(),
  encoded_mkt_url: z.string(),
});

export const inStoreView = z.object({ product_id: z.string(), in_store: z.boolean(), own: z.boolean() });
export type InStoreView = z.infer<typeof inStoreView>;

/** A page of catalogues or of a catalogue's items, with a text filter. */
export const cataloguePageQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  text: z.string().trim().max(100).optional(),
});

export const catalogueDeleted = z.object({ remaining: z.number().int() });
/** DELETE catalogues/{id}: a catalogue that still has products is refused (product_catalogue_has_products) unless forced. */
export const catalogueDeleteQuery = z.object({ force: z.stringbool().default(false) });

/** A catalogue's page of items: ?page (1-based), 20 per page (spec §9 'catalogue home 20'). */
export const catalogueProductsPerPage = 20;
export const catalogueProductAdded = z.object({ catalogue: z.string(), product: z.string() });
export const catalogueProductMoved = z.object({ product: z.string(), queue_position: z.number().int() });

/** Catalogue search page: 10 per page (spec §9). */
export const cataloguesPerPage = 10;

/**
 * The marketplace's public catalogues list (commerce-and-accounts §7 'published/catalogues (offset, limit, sort -weight,
 * name)', §9 'published 5 or 30'; storefront-and-admin §2 '/catalogos'): catalogues of every enabled shop that hold at
 * least one item, heaviest first. A catalogue's weight is the number of its items.
 */
export const publishedCataloguesPerPage = 30;
export const publishedCatalogueQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(publishedCataloguesPerPage).default(publishedCataloguesPerPage),
  sort: z.literal("-weight").default("-weight"),
  name: z.string().trim().max(100).optional(),
});
export const publishedCatalogueView = catalogueView.extend({
  weight: z.number().int(),
  shop: z.object({ slug: z.string(), name: z.string(), photo: z.string().nullable() }),
});
export type PublishedCatalogueView = z.infer<typeof publishedCatalogueView>;

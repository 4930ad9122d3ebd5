/**
 * The kinds and states of an item, and the URL segment of each kind, without their zod schemas (schemas/product.ts
 * builds those): the shop pages read these on a first visit, where loading zod would cost more than the page.
 */
export const productTypes = ["product", "service", "experience", "digital"] as const;
export type ProductType = (typeof productTypes)[number];
export const mainTypes = ["business", "personal"] as const;
export const listStates = ["published", "unpublished", "hidden"] as const;
export const stockTypes = ["onstock", "ondemand"] as const;

/** URL path segment of each product type: /productos, /servicios, /experiencias, /digitales. */
export const typePaths: Record<ProductType, string> = {
  product: "productos",
  service: "servicios",
  experience: "experiencias",
  digital: "digitales",
};

export function typeFromPath(segment: string): ProductType | undefined {
  return (Object.keys(typePaths) as ProductType[]).find((type) => typePaths[type] === segment);
}

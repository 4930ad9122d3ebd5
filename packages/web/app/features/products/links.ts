import type { ProductType, ProductView } from "@tianguis/domain/schemas/product";

/** My products paths (spec §2): services have their own create and edit paths. */
export function editPath(product: Pick<ProductView, "id" | "type">, shopSlug?: string): string {
  const query = shopSlug ? `?shop=${encodeURIComponent(shopSlug)}` : "";
  return product.type === "service"
    ? `/apps/me/products/services/${product.id}/edit${query}`
    : `/apps/me/products/${product.id}/edit${query}`;
}

/** Where a shop's admin creates an item of `type`: experiences and digital items preselect their type on the goods form. */
export function createPath(type: ProductType, shopSlug: string): string {
  const shop = `shop=${encodeURIComponent(shopSlug)}`;
  if (type === "service") return `/apps/me/products/services/create?${shop}`;
  return `/apps/me/products/create?${shop}${type === "product" ? "" : `&type=${type}`}`;
}

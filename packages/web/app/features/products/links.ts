import type { ProductView } from "@tianguis/domain/schemas/product";

/** My products paths (spec §2): services have their own create and edit paths. */
export function editPath(product: Pick<ProductView, "id" | "type">, shopSlug?: string): string {
  const query = shopSlug ? `?shop=${encodeURIComponent(shopSlug)}` : "";
  return product.type === "service"
    ? `/apps/me/products/services/${product.id}/edit${query}`
    : `/apps/me/products/${product.id}/edit${query}`;
}

import type { ProductType } from "../schemas/product";

/**
 * Card links of the business network (storefront-and-admin §2 routes table): a business's items live at
 * /negocios/{business}/products|services/{id}, a personal profile's at /profiles/{profile}/… (its services
 * only in community mode), a microsite's at /web/{slug}/…, anything else at the plain /products|services/{id}.
 */
export interface NetworkItem {
  id: string;
  type: ProductType;
  main_type: "business" | "personal";
  owner: string;
  owner_slug: string;
}

export type NetworkLinkContext =
  { kind: "business" } | { kind: "profile"; communityMode: boolean } | { kind: "slug"; slug: string } | { kind: "plain" };

function segment(type: ProductType): "products" | "services" {
  return type === "service" ? "services" : "products";
}

export function networkItemLink(item: NetworkItem, context: NetworkLinkContext): string {
  const kind = segment(item.type);
  if (context.kind === "business") return `/negocios/${item.owner_slug}/${kind}/${item.id}`;
  if (context.kind === "profile") {
    if (kind === "services" && !context.communityMode) return `/services/${item.id}`;
    return `/profiles/${item.owner}/${kind}/${item.id}`;
  }
  if (context.kind === "slug") return `/web/${context.slug}/${kind}/${item.id}`;
  return `/${kind}/${item.id}`;
}

/** The network's products tab links each card by its owner: businesses by /negocios, personal profiles by /profiles. */
export function networkCardLink(item: NetworkItem, communityMode: boolean): string {
  return networkItemLink(item, item.main_type === "personal" ? { kind: "profile", communityMode } : { kind: "business" });
}

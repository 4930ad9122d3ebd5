import { returnsApi } from "@tianguis/domain/routes/returns";
import { effectiveReturnPolicy } from "@tianguis/domain/rules/returns";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { load } from "../../lib/api/load.server";
import type { WebLoadContext } from "../../load-context";

/**
 * The product page shows the policy that applies (commerce-and-accounts §3): the product's own return info, or its
 * supplier shop's default when the product keeps the bare default. A failed policy call leaves the product's own.
 */
export async function withEffectiveReturnPolicy(context: WebLoadContext, product: ProductView): Promise<ProductView> {
  try {
    const { policy } = await load(context, returnsApi.policyGet, { params: { slug: product.owner_slug } });
    return { ...product, return_info: effectiveReturnPolicy(policy, product.return_info) };
  } catch {
    return product;
  }
}

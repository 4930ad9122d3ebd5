/**
 * A route's `handle` may say that its server HTML needs only the Mantine styles of mantine-storefront.css (the shop
 * home, listing and product page): root.tsx then loads mantine-more.css without blocking the first paint (issue 16).
 */
export interface StylesHandle {
  storefrontStyles?: boolean;
}

export const storefrontStyles: StylesHandle = { storefrontStyles: true };

import type { Locale } from "@tianguis/domain/locale";
import type { ShopLocator } from "@tianguis/domain/rules/shop-resolution";

export interface ApiResponse<T = unknown> {
  status: number;
  data: T;
  setCookies: string[];
}

/** Given to every loader and action by the server (packages/server/src/web.ts). */
export interface WebLoadContext {
  /** The CSP nonce of this response's inline scripts; empty on a page shared between visitors (allowed by hash instead). */
  nonce: string;
  /** Render the whole page before sending (a page kept for other visitors is buffered anyway): no streamed fallbacks. */
  renderWhole?: boolean;
  locale: Locale;
  baseDomain: string;
  /** Demo mode (README): /dev/outbox is open, so the sign-up screens say where to read the PIN. */
  demoMode: boolean;
  shopLocator: ShopLocator;
  /**
   * Set on a signed-in visitor's page that is shared with every visitor of their audience (server web-cache.ts
   * `audiencePageKey`): the root renders a viewer of this user level without the person, whom the browser loads after
   * hydration.
   */
  sharedViewer?: { userLevel: number };
  /** Calls the JSON API in-process with the visitor's cookies (and CSRF header for writes). */
  api<T = unknown>(method: string, url: string, body?: unknown): Promise<ApiResponse<T>>;
}

declare module "react-router" {
  interface AppLoadContext extends WebLoadContext {}
}

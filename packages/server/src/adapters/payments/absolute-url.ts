/**
 * Providers send the browser back to absolute URLs only, while the checkout builds paths ("/tienda/…?code=1").
 * A path is resolved against the site's public origin (PUBLIC_URL), or else the origin of the account's webhook URL.
 */
export function absoluteUrl(url: string, base: string | undefined): string {
  if (/^https?:\/\//.test(url) || !base) return url;
  return new URL(url, new URL(base).origin).toString();
}

/**
 * Providers send the browser back to absolute URLs only, while the checkout builds paths ("/tienda/…?code=1").
 * A path is resolved against the origin of the account's public webhook URL (`notifyUrl`, built from PUBLIC_URL).
 */
export function absoluteUrl(url: string, notifyUrl: string | undefined): string {
  if (/^https?:\/\//.test(url) || !notifyUrl) return url;
  return new URL(url, new URL(notifyUrl).origin).toString();
}

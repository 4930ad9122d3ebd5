/** Sets a first-party cookie from the browser (locale, theme, showResaleInfo…). */
export function setBrowserCookie(name: string, value: string, days = 365) {
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${days * 24 * 3600}; Path=/; SameSite=Lax`;
}

export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

/** The CSRF token the API expects in x-csrf-token for cookie-authenticated writes. */
export function csrfToken(): string {
  return readCookie(typeof document === "undefined" ? "" : document.cookie, "tianguis_csrf") ?? "";
}

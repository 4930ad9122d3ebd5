/** A same-site path to return to (`next`); anything else (other hosts, '//x', schemes) goes home. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  return next;
}

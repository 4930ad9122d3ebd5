import { useEffect, useState } from "react";

/** A site path as an absolute URL on the current host (after hydration; the path itself during SSR). */
export function useAbsoluteUrl(path: string): string {
  const [url, setUrl] = useState(path);
  useEffect(() => setUrl(`${window.location.origin}${path}`), [path]);
  return url;
}

import { useEffect, useState } from "react";

/**
 * `opened`, one render late when the dialog mounts. A dialog whose code downloads on first use (issue 16) mounts already
 * asked to open, and Mantine's Modal and Drawer act only on a change of `opened`: that is when they remember the focused
 * trigger to give focus back to on closing, and when they play their opening transition.
 */
export function useOpenedAfterMount(opened: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return opened && mounted;
}

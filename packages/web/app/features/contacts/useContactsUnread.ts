import { contactsApi } from "@tianguis/domain/routes/contacts";
import { useEffect, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { api } from "../../lib/api/client";

/**
 * How many of the shop's contacts wrote messages not opened yet (the badge on the admin menu's 'Contactos'). Asked in
 * the browser once the page is idle, and again after every navigation or reload, so opening the contact clears it.
 */
export function useContactsUnread(slug: string | null): number {
  const [count, setCount] = useState(0);
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const idle = navigation.state === "idle" && revalidator.state === "idle";
  useEffect(() => {
    if (!slug || !idle) return;
    const controller = new AbortController();
    api(contactsApi.shopUnread, { params: { slug }, signal: controller.signal }).then(
      (unread) => setCount(unread.count),
      () => undefined,
    );
    return () => controller.abort();
  }, [slug, idle]);
  return count;
}

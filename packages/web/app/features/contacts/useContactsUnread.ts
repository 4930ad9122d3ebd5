import { contactsApi } from "@tianguis/domain/routes/contacts";
import { api } from "../../lib/api/client";
import { useIdleCount } from "../../lib/useIdleCount";

const askUnread = (slug: string, signal: AbortSignal) => api(contactsApi.shopUnread, { params: { slug }, signal });

/** How many of the shop's contacts wrote messages not opened yet (the badge on the admin menu's 'Contactos'). */
export function useContactsUnread(slug: string | null): number {
  return useIdleCount(slug, askUnread);
}

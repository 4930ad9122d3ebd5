// Written by `npm run routes -w @tianguis/domain` from src/api/contacts.ts: change the contract there, then run it again.
import type { contactsApi as contactsApiContract } from "../api/contacts";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/contacts.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const contactsApi = routes<typeof contactsApiContract>({
  shopList: { method: "GET", path: "/shops/:slug/contacts" },
  shopTags: { method: "GET", path: "/shops/:slug/contacts/tags" },
  shopUnread: { method: "GET", path: "/shops/:slug/contacts/unread" },
  referred: { method: "GET", path: "/me/referred" },
  myTags: { method: "GET", path: "/me/tags" },
  detail: { method: "GET", path: "/contacts/:id" },
  read: { method: "POST", path: "/contacts/:id/read" },
  reply: { method: "POST", path: "/contacts/:id/replies" },
  setTags: { method: "PUT", path: "/contacts/:id/tags" },
});

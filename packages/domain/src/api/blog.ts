import { z } from "zod";
import { blogAdminListQuery, blogEntryBody, blogEntryCard, blogEntryView, blogListQuery } from "../schemas/blog";
import { listOf } from "../schemas/common";
import { endpoint } from "./endpoint";

const shopParams = z.object({ slug: z.string().min(1).max(200) });
/** An entry by its slug (reading) or its id (reading and writing). */
const entryParams = shopParams.extend({ entry: z.string().min(1).max(200) });

/**
 * A shop's blog (commerce-and-accounts §7 'Blog': public listing offset, limit, sort -updated_at; entries with author
 * and id, total from matches_estimated). Visitors read published entries; the shop's owner and admins also see drafts
 * and write. Publishing an entry without anything to read answers 422 incomplete_request (§8).
 */
export const blogApi = {
  list: endpoint({
    method: "GET",
    path: "/shops/:slug/blogs",
    tags: ["blog"],
    summary: "Published entries of the shop's blog, 8 per request by default, newest updated first (sort -updated_at)",
    params: shopParams,
    query: blogListQuery,
    response: listOf(blogEntryCard),
  }),
  adminList: endpoint({
    method: "GET",
    path: "/shops/:slug/admin/blogs",
    tags: ["blog"],
    summary: "Every entry of the shop's blog, drafts included, newest updated first (owner or shop admin)",
    params: shopParams,
    query: blogAdminListQuery,
    response: listOf(blogEntryCard),
  }),
  get: endpoint({
    method: "GET",
    path: "/shops/:slug/blogs/:entry",
    tags: ["blog"],
    summary: "One entry by slug or id with its document; a draft only for the shop's owner or admins (404 otherwise)",
    params: entryParams,
    response: blogEntryView,
  }),
  create: endpoint({
    method: "POST",
    path: "/shops/:slug/blogs",
    tags: ["blog"],
    summary:
      "Write an entry (owner or shop admin): title ≤ 150, cover from the gallery, document of known nodes with safe URLs " +
      "(≤ 200,000 characters as JSON, ≤ 20 images), draft or published; takes an Idempotency-Key",
    params: shopParams,
    body: blogEntryBody,
    response: blogEntryView,
    status: 201,
  }),
  update: endpoint({
    method: "PUT",
    path: "/shops/:slug/blogs/:entry",
    tags: ["blog"],
    summary: "Save an entry by id (owner or shop admin); its address (slug) stays as it was first published",
    params: entryParams,
    body: blogEntryBody,
    response: blogEntryView,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/shops/:slug/blogs/:entry",
    tags: ["blog"],
    summary: "Delete an entry by id and its cover image (owner or shop admin)",
    params: entryParams,
    response: z.null(),
    status: 204,
  }),
};

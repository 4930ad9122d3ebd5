// Written by `npm run routes -w @tianguis/domain` from src/api/blog.ts: change the contract there, then run it again.
import type { blogApi as blogApiContract } from "../api/blog";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/blog.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const blogApi = routes<typeof blogApiContract>({
  list: { method: "GET", path: "/shops/:slug/blogs" },
  adminList: { method: "GET", path: "/shops/:slug/admin/blogs" },
  get: { method: "GET", path: "/shops/:slug/blogs/:entry" },
  create: { method: "POST", path: "/shops/:slug/blogs" },
  update: { method: "PUT", path: "/shops/:slug/blogs/:entry" },
  remove: { method: "DELETE", path: "/shops/:slug/blogs/:entry" },
});

// Written by `npm run routes -w @tianguis/domain` from src/api/reviews.ts: change the contract there, then run it again.
import type { reviewsApi as reviewsApiContract } from "../api/reviews";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/reviews.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const reviewsApi = routes<typeof reviewsApiContract>({
  list: { method: "GET", path: "/products/:id/reviews" },
  create: { method: "POST", path: "/products/:id/reviews" },
  orderLines: { method: "GET", path: "/orders/:id/reviews" },
  answer: { method: "POST", path: "/reviews/:id/answer" },
  shopList: { method: "GET", path: "/shops/:slug/reviews" },
});

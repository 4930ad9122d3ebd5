import { translate } from "@tianguis/domain/messages/index";
import { data } from "react-router";
import { localeOf } from "../features/shop/shop-meta";
import { useShop } from "../lib/useShop";
import { ErrorPage } from "../ui/ErrorPage";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: translate(localeOf(matches), "page_not_found_title") }];

export default function NotFound() {
  const shopContext = useShop();
  return <ErrorPage kind="page" backTo={shopContext ? shopContext.basePath || "/" : "/"} />;
}

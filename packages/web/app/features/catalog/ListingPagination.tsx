import { useLocation, useSearchParams } from "react-router";
import { useT } from "../../lib/i18n";
import { PageNumbers } from "./PageNumbers";

/** Page links (?page=N, 1-based) that work without JavaScript and keep the other query parameters. */
export function ListingPagination({ page, total, pageSize }: { page: number; total: number; pageSize: number }) {
  const t = useT();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  const hrefOf = (target: number) => {
    const next = new URLSearchParams(params);
    if (target <= 1) next.delete("page");
    else next.set("page", String(target));
    const query = next.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return <PageNumbers total={pages} page={Math.min(page, pages)} label={t("pagination_label")} hrefOf={hrefOf} centered />;
}

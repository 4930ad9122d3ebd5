import { Center, Pagination } from "@mantine/core";
import { Link, useLocation, useSearchParams } from "react-router";
import { useT } from "../../lib/i18n";

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
  return (
    <Center mt="xl" component="nav" aria-label={t("pagination_label")}>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        getItemProps={(target) => ({ component: Link, to: hrefOf(target), "aria-label": String(target) })}
        getControlProps={(control) => {
          if (control === "next") return { component: Link, to: hrefOf(Math.min(page + 1, pages)), "aria-label": "→" };
          if (control === "previous") return { component: Link, to: hrefOf(Math.max(page - 1, 1)), "aria-label": "←" };
          return {};
        }}
        withEdges={false}
      />
    </Center>
  );
}

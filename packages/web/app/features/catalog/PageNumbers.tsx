import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";
import classes from "./pagination.module.css";

/**
 * The page numbers to show, as Mantine's Pagination chose them (one sibling each side of the current page, the first
 * and last page always): every page when there are 7 or fewer, else gaps ("dots") where pages are left out.
 */
export function pageRange(total: number, page: number): (number | "dots")[] {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
  if (total <= 7) return range(1, total);
  const left = Math.max(page - 1, 1);
  const right = Math.min(page + 1, total - 1);
  const leftDots = left > 3;
  const rightDots = right < total - 2;
  if (!leftDots && rightDots) return [...range(1, 5), "dots", total];
  if (leftDots && !rightDots) return [1, "dots", ...range(total - 4, total)];
  return [1, "dots", ...range(left, right), "dots", total];
}

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 16 16" className={classes.icon} aria-hidden>
      <path d={path} fill="currentColor" />
    </svg>
  );
}
const previousPath = "M7.219 8l3.3 3.3-.943.943L5.333 8l4.243-4.243.943.943-3.3 3.3z";
const nextPath = "M8.781 8l-3.3-3.3.943-.943L10.667 8l-4.243 4.243-.943-.943 3.3-3.3z";
const dotsPath =
  "M2 8c0-.733.6-1.333 1.333-1.333.734 0 1.334.6 1.334 1.333s-.6 1.333-1.334 1.333C2.6 9.333 2 8.733 2 8zm9.333 0c0-.733.6-1.333 1.334-1.333C13.4 6.667 14 7.267 14 8s-.6 1.333-1.333 1.333c-.734 0-1.334-.6-1.334-1.333zM6.667 8c0-.733.6-1.333 1.333-1.333s1.333.6 1.333 1.333S8.733 9.333 8 9.333 6.667 8.733 6.667 8z";

/**
 * Previous, the page numbers and next, in a labelled navigation landmark. With `hrefOf` every control is a link to its
 * page (it works without JavaScript and crawlers follow it); with `onChange` they are buttons for pages kept in the
 * page's state. The current page has aria-current="page"; previous and next are named from the message catalogue.
 */
export function PageNumbers({
  total,
  page,
  label,
  hrefOf,
  onChange,
  size = "md",
  centered = false,
}: {
  total: number;
  page: number;
  label: string;
  hrefOf?: (page: number) => string;
  onChange?: (page: number) => void;
  size?: "sm" | "md";
  centered?: boolean;
}) {
  const t = useT();
  const control = (
    target: number,
    content: ReactNode,
    extra: { label?: string; disabled?: boolean; current?: boolean; padded?: boolean },
  ) => {
    const shared = {
      className: classes.control,
      "aria-label": extra.label,
      "aria-current": extra.current ? ("page" as const) : undefined,
      "data-active": extra.current || undefined,
      "data-with-padding": extra.padded,
    };
    if (!hrefOf)
      return (
        <button type="button" {...shared} disabled={extra.disabled} onClick={() => onChange?.(target)}>
          {content}
        </button>
      );
    // A link with nowhere to go has no href: not focusable, announced as disabled.
    if (extra.disabled)
      return (
        <a role="link" aria-disabled="true" data-disabled {...shared}>
          {content}
        </a>
      );
    return (
      <Link to={hrefOf(target)} {...shared}>
        {content}
      </Link>
    );
  };
  return (
    <nav aria-label={label} className={centered ? classes.center : undefined}>
      <div className={classes.root} data-size={size}>
        {control(page - 1, <Icon path={previousPath} />, { label: t("pagination_previous"), disabled: page <= 1 })}
        {pageRange(total, page).map((item, index) =>
          item === "dots" ? (
            <div key={`dots-${index}`} className={classes.dots}>
              <Icon path={dotsPath} />
            </div>
          ) : (
            <Fragment key={item}>{control(item, item, { current: item === page, padded: true })}</Fragment>
          ),
        )}
        {control(page + 1, <Icon path={nextPath} />, { label: t("pagination_next"), disabled: page >= total })}
      </div>
    </nav>
  );
}

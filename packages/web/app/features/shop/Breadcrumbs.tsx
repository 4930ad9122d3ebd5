import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { type UIMatch, useMatches } from "react-router";
import { Fragment } from "react";
import { type Translate, useT } from "../../lib/i18n";
import classes from "./Breadcrumbs.module.css";
import { AnchorLink, Container, Text, rem } from "../../ui/layout-markup";

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * What a route module may put in its `handle`: `breadcrumb` builds its crumbs from its match,
 * `ignoreBreadcrumb` skips it, `hideBreadcrumb` hides the whole trail on that page.
 */
export interface CrumbHandle {
  breadcrumb?: (match: UIMatch, helpers: { t: Translate; basePath: string }) => Crumb[];
  ignoreBreadcrumb?: boolean;
  hideBreadcrumb?: boolean;
}

/** The breadcrumb built from the route chain (spec §2), skipping ignored routes and the admin root. */
export function Breadcrumbs({ basePath }: { basePath: string }) {
  const t = useT();
  const matches = useMatches();
  const handles = matches.map((match) => ({ match, handle: (match.handle ?? {}) as CrumbHandle }));
  if (handles.some(({ handle }) => handle.hideBreadcrumb)) return null;
  const crumbs: Crumb[] = handles
    .filter(({ match, handle }) => !handle.ignoreBreadcrumb && handle.breadcrumb && !/\/admin\/?$/.test(match.pathname))
    .flatMap(({ match, handle }) => handle.breadcrumb?.(match, { t, basePath }) ?? []);
  if (crumbs.length === 0) return null;
  const trail: Crumb[] = [{ label: t("nav_home"), to: shopHref(basePath, "/") }, ...crumbs];
  return (
    <Container size="xl" style={{ paddingTop: "var(--mantine-spacing-md)", width: "100%" }}>
      <nav aria-label={t("breadcrumb_label")}>
        {/* Mantine's Breadcrumbs as plain markup (issue 16): its module stays off a shop's first visit. */}
        <div className={classes.root}>
          {trail.map((crumb, index) => (
            <Fragment key={`${crumb.label}-${index}`}>
              {index > 0 && <div className={classes.separator}>/</div>}
              {crumb.to && index < trail.length - 1 ? (
                <AnchorLink to={crumb.to} size="sm" style={{ color: "var(--mantine-color-dimmed)" }} className={classes.crumb}>
                  {crumb.label}
                </AnchorLink>
              ) : (
                <Text size="sm" aria-current="page" lineClamp={1} style={{ maxWidth: rem(320) }} className={classes.crumb}>
                  {crumb.label}
                </Text>
              )}
            </Fragment>
          ))}
        </div>
      </nav>
    </Container>
  );
}

import notificationStyles from "@mantine/notifications/styles.css?url";
import mantineMoreStyles from "./mantine-more.css?url";
import mantineStorefrontStyles from "./mantine-storefront.css?url";
import "./app.css";
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from "@mantine/core";
import { accountsApi } from "@tianguis/domain/routes/accounts";
import type { Locale } from "@tianguis/domain/locale";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { callApi } from "./lib/api/load.server";
import { readCookie } from "./lib/cookies";
import { DeferredScripts } from "./lib/deferred-scripts";
import type { StylesHandle } from "./lib/page-styles";
import { cookieColorSchemeManager, cssVariablesResolver, themeFor } from "./theme";
import { ShareWidget } from "./features/referral/ShareWidget";
import { usePersonLoader, viewerOfLevel } from "./lib/user";
import { ErrorPage } from "./ui/ErrorPage";
import { Toasts } from "./ui/Toasts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const saved = readCookie(request.headers.get("cookie"), "theme");
  const colorScheme = saved === "light" || saved === "dark" ? saved : "auto";
  const page = { locale: context.locale, colorScheme, nonce: context.nonce || undefined };
  // A page shared with the visitor's audience renders their level only; the browser loads the person (lib/user.ts).
  if (context.sharedViewer) return { ...page, user: viewerOfLevel(context.sharedViewer.userLevel), personPending: true };
  const me = await callApi(context, accountsApi.me);
  return { ...page, user: me.status === 200 ? me.data : null, personPending: false };
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

const colorSchemeManager = cookieColorSchemeManager();

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData("root") as { locale: Locale; colorScheme: "light" | "dark" | "auto"; nonce?: string } | undefined;
  const scheme = data?.colorScheme ?? "auto";
  const locale = data?.locale ?? "es";
  const theme = useMemo(() => themeFor(locale), [locale]);
  // A shop page's first paint waits for the Mantine styles its server HTML uses; the rest loads beside it without
  // blocking (media "print" matches no screen) and applies once the page has hydrated, before anything can open.
  const storefront = (useMatches().at(-1)?.handle as StylesHandle | undefined)?.storefrontStyles === true;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    // What browser tests and the bench wait for: the page answers clicks and typing from here on.
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    // `data-texts`: the shop pages' Spanish texts are enough to hydrate (entry.client.tsx).
    <html lang={locale} data-texts={storefront ? "shop" : undefined} {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/*
          Mantine's stylesheets come first, before every route's CSS, and belong to no chunk: a lazily loaded chunk links
          the CSS of the chunks it imports again at the end of <head> (Vite does not recognise React Router's links), and
          Mantine's base styles landing after the shop's own would undo them.
        */}
        <link rel="stylesheet" href={mantineStorefrontStyles} />
        <link rel="stylesheet" href={mantineMoreStyles} media={storefront && !hydrated ? "print" : undefined} />
        <link rel="stylesheet" href={notificationStyles} />
        <Links />
        <ColorSchemeScript defaultColorScheme={scheme} nonce={data?.nonce} />
      </head>
      <body>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme={scheme}
          colorSchemeManager={colorSchemeManager}
        >
          <Toasts />
          {children}
        </MantineProvider>
        <ScrollRestoration nonce={data?.nonce} />
        {storefront ? <DeferredScripts nonce={data?.nonce} /> : <Scripts nonce={data?.nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  usePersonLoader();
  return (
    <>
      <Outlet />
      <ShareWidget />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) {
    const code = (error.data as { code?: string } | undefined)?.code;
    return <ErrorPage kind={code === "shop_not_found" ? "shop" : error.status === 404 ? "page" : "error"} />;
  }
  return <ErrorPage kind="error" />;
}

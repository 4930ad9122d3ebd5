import { translate } from "@tianguis/domain/messages/index";
import { data } from "react-router";
import { LandingPage } from "../features/onboarding/LandingPage";
import { landingAt, landingIntent } from "../features/onboarding/landings";
import { intentFrom } from "../lib/signup-intent";
import type { Route } from "./+types/landing";

/** /tiendaenlinea, /negociodigital, /mkt/facturacion, /proveedores, /emprendedores (commerce-and-accounts §2). */
export function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const content = landingAt(url.pathname.replace(/\.data$/, ""));
  if (!content) throw data({ code: "not_found" }, { status: 404 });
  return {
    path: content.landing.path,
    intent: landingIntent(content, intentFrom(url.searchParams)),
    title: translate(context.locale, content.title),
    description: translate(context.locale, content.subtitle),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title ?? ""} · Tianguis` },
  { name: "description", content: data?.description ?? "" },
];

export default function Landing({ loaderData }: Route.ComponentProps) {
  const content = landingAt(loaderData.path);
  return content ? <LandingPage content={content} intent={loaderData.intent} /> : null;
}

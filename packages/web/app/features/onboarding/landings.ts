import type { MessageCode } from "@tianguis/domain/messages/index";
import { type Landing, type LandingCode, findLanding } from "@tianguis/domain/rules/packages";
import { type Plan, plans } from "@tianguis/domain/rules/plans";
import type { SignupIntent } from "@tianguis/domain/schemas/package";

/** The texts of each landing (messages/packages.ts) and the plan it sells, if any. */
export interface LandingContent {
  landing: Landing;
  plan: Plan | null;
  title: MessageCode;
  subtitle: MessageCode;
  features: MessageCode[];
  cta: MessageCode;
}

const texts: Record<LandingCode, Omit<LandingContent, "landing" | "plan">> = {
  tiendaenlinea: {
    title: "landing_tiendaenlinea_title",
    subtitle: "landing_tiendaenlinea_subtitle",
    features: ["landing_tiendaenlinea_f1", "landing_tiendaenlinea_f2", "landing_tiendaenlinea_f3", "landing_tiendaenlinea_f4"],
    cta: "landing_cta",
  },
  negociodigital: {
    title: "landing_negociodigital_title",
    subtitle: "landing_negociodigital_subtitle",
    features: ["landing_negociodigital_f1", "landing_negociodigital_f2", "landing_negociodigital_f3", "landing_negociodigital_f4"],
    cta: "landing_cta",
  },
  facturacion: {
    title: "landing_facturacion_title",
    subtitle: "landing_facturacion_subtitle",
    features: ["landing_facturacion_f1", "landing_facturacion_f2", "landing_facturacion_f3", "landing_facturacion_f4"],
    cta: "landing_cta",
  },
  proveedores: {
    title: "landing_proveedores_title",
    subtitle: "landing_proveedores_subtitle",
    features: ["landing_proveedores_f1", "landing_proveedores_f2", "landing_proveedores_f3", "landing_proveedores_f4"],
    cta: "landing_proveedores_cta",
  },
  emprendedores: {
    title: "landing_emprendedores_title",
    subtitle: "landing_emprendedores_subtitle",
    features: ["landing_emprendedores_f1", "landing_emprendedores_f2", "landing_emprendedores_f3", "landing_emprendedores_f4"],
    cta: "landing_emprendedores_cta",
  },
};

/** The landing at `path` (/tiendaenlinea, /negociodigital, /mkt/facturacion, /proveedores, /emprendedores). */
export function landingAt(path: string): LandingContent | null {
  const code = (Object.keys(texts) as LandingCode[]).find((key) => findLanding(key)?.path === path.replace(/\/$/, ""));
  const landing = code ? findLanding(code) : null;
  if (!code || !landing) return null;
  return { landing, plan: landing.plan_id ? plans[landing.plan_id] : null, ...texts[code] };
}

/** The sign-up intent of a landing visit: its plan and code, plus what the visit's query carried (referral, package). */
export function landingIntent(content: LandingContent, carried: SignupIntent): SignupIntent {
  return {
    ...carried,
    landing_code: content.landing.code,
    ...(content.plan ? { plan: content.landing.plan_id ?? undefined } : {}),
  };
}

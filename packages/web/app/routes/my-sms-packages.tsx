import { translate } from "@tianguis/domain/messages/index";
import { SmsPackagesPage } from "../features/sms/SmsPackagesPage";
import { loadSmsPackages, smsPackagesAction } from "../features/sms/sms.server";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/my-sms-packages";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadSmsPackages(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return smsPackagesAction(context, request);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "sms_title")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /me/sms/packages: the shop's SMS credits, the packages to buy and what they were used for (issue 30 §3). */
export default function MySmsPackagesRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <SmsPackagesPage {...loaderData} result={actionData} />;
}

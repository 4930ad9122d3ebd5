import { Container, Stack, Text, Title } from "@mantine/core";
import { shopPagesApi } from "@tianguis/domain/routes/shop-pages";
import { translate } from "@tianguis/domain/messages/index";
import { layoutData, shopMeta } from "../features/shop/shop-meta";
import { ShopInfoPage } from "../features/shop-pages/ShopInfoPage";
import { load } from "../lib/api/load.server";
import { useT } from "../lib/i18n";
import { resolveShop } from "../lib/shop.server";
import type { Route } from "./+types/terms";

const platformSections = [
  "terms_intro",
  "terms_account",
  "terms_shops",
  "terms_purchases",
  "terms_payments",
  "terms_content",
  "terms_privacy",
  "terms_liability",
  "terms_changes",
  "terms_law",
] as const;

/** The platform's terms; on a shop's own sub-domain /terms is that shop's terms of sale (the footer's 'terms' link). */
export async function loader({ context }: Route.LoaderArgs) {
  const shopContext = await resolveShop(context, {});
  if (shopContext) {
    const page = await load(context, shopPagesApi.get, { params: { slug: shopContext.shop.slug, page: "terms" } });
    return { title: page.title, page };
  }
  return { title: translate(context.locale, "terms_title"), page: null };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const layout = layoutData(matches);
  if (data?.page && layout) return shopMeta(layout.shop, layout.chrome, { title: data.title, description: data.page.body.slice(0, 160) });
  return [{ title: `${data?.title ?? ""} · Tianguis` }, { name: "description", content: data?.title ?? "Tianguis" }];
};

/** /terms: opened in a new tab from the sign-up form. */
export default function Terms({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.page) return <ShopInfoPage page={loaderData.page} />;
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" component="article">
        <Title order={1}>{t("terms_title")}</Title>
        {platformSections.map((code) => (
          <Text key={code}>{t(code)}</Text>
        ))}
      </Stack>
    </Container>
  );
}

import { Accordion, Alert, Anchor, Badge, Button, Container, Group, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { shopPageBodyMax, shopPageTitleMax } from "@tianguis/domain/rules/shop-pages";
import type { ShopPageView } from "@tianguis/domain/schemas/shop-page";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { useT } from "../../lib/i18n";
import { notifySuccess } from "../../ui/notify";
import type { PageEditResult } from "./shop-pages.server";
import { PageHeader } from "../../ui/PageHeader";

/** {shop}/admin/paginas 'Páginas de la tienda': one panel per footer page with its title and text, save and reset. */
export function ShopPagesEditor({ pages, basePath }: { pages: ShopPageView[]; basePath: string }) {
  const t = useT();
  return (
    <Container size="md" py={{ base: "md", sm: "xl" }} px={{ base: "sm", sm: "md" }}>
      <Stack gap="md">
        <PageHeader title={t("shop_pages_title")} description={t("shop_pages_intro")} />
        <Accordion variant="separated" defaultValue={pages[0]?.page}>
          {pages.map((page) => (
            <PageEditor key={page.page} page={page} basePath={basePath} />
          ))}
        </Accordion>
      </Stack>
    </Container>
  );
}

function PageEditor({ page, basePath }: { page: ShopPageView; basePath: string }) {
  const t = useT();
  const fetcher = useFetcher<PageEditResult>();
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
  const intent = fetcher.formData?.get("intent");
  useEffect(() => {
    if (fetcher.state !== "idle" || !result?.saved) return;
    notifySuccess(page.title, t(result.saved === "reset" ? "shop_page_reset_done" : "shop_page_saved"));
  }, [fetcher.state, result, page.title, t]);
  const fields = result?.fields ?? {};
  const id = `shop-page-${page.page}`;
  return (
    <Accordion.Item value={page.page}>
      <Accordion.Control aria-label={page.title}>
        <Group gap="sm" wrap="wrap">
          <Text fw={600}>{page.title}</Text>
          <Badge variant="light" color={page.is_default ? "gray" : "teal"}>
            {t(page.is_default ? "shop_page_default_badge" : "shop_page_edited_badge")}
          </Badge>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <fetcher.Form method="post" noValidate aria-label={page.title}>
          <input type="hidden" name="page" value={page.page} />
          {/* Keyed by the saved version, so a reset shows the default text again in the uncontrolled fields. */}
          <Stack gap="sm" key={`${page.updated_at ?? "default"}:${page.title}`}>
            {result?.error && (
              <Alert color="red" role="alert">
                {result.error}
              </Alert>
            )}
            <TextInput
              id={`${id}-title`}
              name="title"
              label={t("shop_page_title_label")}
              defaultValue={page.title}
              maxLength={shopPageTitleMax}
              required
              error={fields.title}
            />
            <Textarea
              id={`${id}-body`}
              name="body"
              label={t("shop_page_body_label")}
              description={t("shop_page_body_help")}
              defaultValue={page.body}
              autosize
              minRows={8}
              maxRows={24}
              maxLength={shopPageBodyMax}
              required
              error={fields.body}
            />
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Anchor component={Link} to={shopHref(basePath, `/${page.page}`)} size="sm">
                {t("shop_page_view")}
              </Anchor>
              <Group gap="sm" wrap="wrap">
                {!page.is_default && (
                  <Button type="submit" name="intent" value="reset" variant="default" loading={busy && intent === "reset"} disabled={busy}>
                    {t("shop_page_reset")}
                  </Button>
                )}
                <Button type="submit" name="intent" value="save" loading={busy && intent === "save"} disabled={busy}>
                  {t("shop_page_save")}
                </Button>
              </Group>
            </Group>
          </Stack>
        </fetcher.Form>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

import { Alert, Button, Paper, Stack, Title } from "@mantine/core";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { accountsApi } from "@tianguis/domain/routes/accounts";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { ShopFields, type ShopValue, shopSlugError } from "./ShopFields";
import { useFormErrors } from "./useFormErrors";

/** For signed-in users without a shop: create one now (POST /affiliate/store; the user becomes ul2). */
export function CreateShopCard() {
  const t = useT();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [shop, setShop] = useState<ShopValue>({ name: "", slug: "", slugEdited: false });
  const [check, setCheck] = useState<{ exists: boolean } | null>(null);
  const [failure, setFailure] = useState<MessageCode>();
  const [busy, setBusy] = useState(false);
  const form = useFormErrors(() => ({ name: shop.name.trim() ? undefined : "required", slug: shopSlugError(shop, check) }));
  const fieldError = (field: string) => {
    const code = form.errorOf(field);
    return code ? t(code) : undefined;
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    if (!form.submit()) return;
    setBusy(true);
    try {
      const created = await api(accountsApi.createShop, { body: { name: shop.name.trim(), slug: shop.slug } });
      await revalidator.revalidate();
      await navigate(`/tienda/${created.slug}`);
    } catch (error) {
      const code = form.applyApiError(error);
      if (code) setFailure(code);
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} id="tienda">
      <form onSubmit={submit} noValidate aria-label={t("menu_create_shop")}>
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t("menu_create_shop")}
          </Title>
          <ShopFields
            value={shop}
            onChange={(value) => {
              form.clearServerErrors();
              setShop(value);
            }}
            onCheck={setCheck}
            nameError={fieldError("name")}
            slugError={fieldError("slug")}
          />
          {failure && (
            <Alert color="red" role="alert">
              {t(failure)}
            </Alert>
          )}
          <Button type="submit" loading={busy} style={{ alignSelf: "flex-start" }}>
            {t("create_store_now")}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

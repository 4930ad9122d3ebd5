import {
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconBuildingStore, IconSearch } from "@tabler/icons-react";
import { supportApi } from "@tianguis/domain/routes/support";
import { PLATFORM_SHOPS_PAGE, disableReasonMax } from "@tianguis/domain/rules/support";
import type { PlatformShopView } from "@tianguis/domain/schemas/support";
import { useState } from "react";
import { Form, Link, useNavigate, useSearchParams } from "react-router";
import { api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { DialogActions } from "../../ui/DialogActions";
import { EmptyState } from "../../ui/EmptyState";
import { PlatformNav } from "../../ui/PlatformNav";
import { ReasonField } from "../../ui/ReasonField";
import { useMutation } from "../../ui/useMutation";
import { ListingPagination } from "../catalog/ListingPagination";
import type { PlatformShopState, PlatformShopsData } from "./platform-shops.server";

type Advisor = { id: string; name: string; online: boolean };

function DisableModal({ shop, opened, onClose }: { shop: PlatformShopView; opened: boolean; onClose: () => void }) {
  const t = useT();
  const { run, busy } = useMutation();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!reason.trim()) return setError(t("required"));
    const done = await run(() => api(supportApi.disable, { params: { slug: shop.slug }, body: { reason } }), {
      success: "platform_disabled_done",
    });
    if (done) {
      setReason("");
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t("platform_disable_title", { shop: shop.name })} centered>
      <Stack gap="sm">
        <Text size="sm">{t("platform_disable_confirm")}</Text>
        <ReasonField
          label={t("platform_disable_reason")}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(null);
          }}
          error={error}
          max={disableReasonMax}
        />
        <DialogActions
          cancelLabel={t("cancel")}
          onCancel={onClose}
          confirmLabel={t("platform_disable")}
          onConfirm={() => void submit()}
          busy={busy}
          color="red"
        />
      </Stack>
    </Modal>
  );
}

function SupportModal({
  shop,
  advisors,
  opened,
  onClose,
}: {
  shop: PlatformShopView;
  advisors: Advisor[];
  opened: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const { run, busy } = useMutation();
  const [advisorId, setAdvisorId] = useState<string | null>(shop.advisor_id);
  const [franchiseUrl, setFranchiseUrl] = useState(shop.franchise_support_url ?? "");
  const [affiliateUrl, setAffiliateUrl] = useState(shop.affiliate_support_url ?? "");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    setFieldErrors({});
    const done = await run(
      () =>
        api(supportApi.updateSupport, {
          params: { slug: shop.slug },
          body: { advisor_id: advisorId, franchise_support_url: franchiseUrl, affiliate_support_url: affiliateUrl },
        }),
      {
        success: "platform_support_saved",
        onError: (failure) => {
          const fields = (failure as { body?: { fields?: Record<string, string> } }).body?.fields;
          if (fields) setFieldErrors(fields);
          return false;
        },
      },
    );
    if (done) onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t("platform_support_title", { shop: shop.name })} centered>
      <Stack gap="sm">
        <Select
          label={t("platform_advisor")}
          placeholder={t("platform_advisor_none")}
          data={advisors.map((advisor) => ({ value: advisor.id, label: advisor.name }))}
          value={advisorId}
          onChange={setAdvisorId}
          clearable
          error={fieldErrors.advisor_id}
        />
        <TextInput
          label={t("platform_franchise_url")}
          value={franchiseUrl}
          onChange={(event) => {
            setFranchiseUrl(event.currentTarget.value);
            setFieldErrors(({ franchise_support_url: _, ...rest }) => rest);
          }}
          error={fieldErrors.franchise_support_url}
          placeholder="https://"
        />
        <TextInput
          label={t("platform_affiliate_url")}
          value={affiliateUrl}
          onChange={(event) => {
            setAffiliateUrl(event.currentTarget.value);
            setFieldErrors(({ affiliate_support_url: _, ...rest }) => rest);
          }}
          error={fieldErrors.affiliate_support_url}
          placeholder="https://"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            {t("save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ShopRow({ shop, advisors }: { shop: PlatformShopView; advisors: Advisor[] }) {
  const t = useT();
  const locale = useLocale();
  const [disabling, disable] = useDisclosure(false);
  const [editing, edit] = useDisclosure(false);
  const { run, busy } = useMutation();
  const enable = () => run(() => api(supportApi.enable, { params: { slug: shop.slug } }), { success: "platform_enabled_done" });
  return (
    <Paper withBorder p="md" radius="md" component="li" data-testid="platform-shop" data-slug={shop.slug}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/tienda/${shop.slug}`} fw={700}>
              {shop.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              /tienda/{shop.slug} · {t("platform_shop_owner", { owner: shop.owner_name || shop.owner_username })}
            </Text>
          </Stack>
          <Badge color={shop.disabled ? "red" : "green"} variant="light">
            {t(shop.disabled ? "shop_disabled_title" : "platform_shop_enabled")}
          </Badge>
        </Group>
        {shop.disabled && shop.reason && (
          <Text size="sm">
            {t("shop_disabled_reason", { reason: shop.reason })}
            {shop.disabled_at && (
              <Text span size="xs" c="dimmed">
                {" · "}
                {t("shop_disabled_since", { date: new Date(shop.disabled_at).toLocaleDateString(locale, { dateStyle: "medium" }) })}
              </Text>
            )}
          </Text>
        )}
        <Group gap="xs">
          {shop.disabled ? (
            <Button
              size="xs"
              color="green"
              onClick={() => void enable()}
              loading={busy}
              aria-label={`${t("platform_enable")} ${shop.name}`}
            >
              {t("platform_enable")}
            </Button>
          ) : (
            <Button size="xs" color="red" variant="light" onClick={disable.open} aria-label={`${t("platform_disable")} ${shop.name}`}>
              {t("platform_disable")}
            </Button>
          )}
          <Button size="xs" variant="default" onClick={edit.open} aria-label={`${t("platform_support_edit")} ${shop.name}`}>
            {t("platform_support_edit")}
          </Button>
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={`/plataforma/tiendas/${shop.slug}/suscripcion`}
            aria-label={`${t("platform_subscription_link")} ${shop.name}`}
          >
            {t("platform_subscription_link")}
          </Button>
        </Group>
      </Stack>
      {disabling && <DisableModal shop={shop} opened={disabling} onClose={disable.close} />}
      {editing && <SupportModal shop={shop} advisors={advisors} opened={editing} onClose={edit.close} />}
    </Paper>
  );
}

/** /plataforma/tiendas: platform admins search shops, disable one with a reason, enable it again and assign its support. */
export function PlatformShopsPage({ data }: { data: PlatformShopsData }) {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  if (data.forbidden) {
    return (
      <Container size="sm" py="xl">
        <Title order={1} mb="md">
          {t("platform_admin")}
        </Title>
        <Text role="alert">{t("platform_forbidden")}</Text>
      </Container>
    );
  }
  const setState = (state: string) => {
    const next = new URLSearchParams(params);
    next.delete("page");
    if (state === "all") next.delete("state");
    else next.set("state", state);
    navigate(`?${next.toString()}`);
  };
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <PlatformNav />
        <Title order={1}>{t("platform_shops_title")}</Title>
        <Form method="get" role="search">
          <Group align="flex-end" gap="xs">
            <TextInput
              name="q"
              defaultValue={data.q}
              label={t("platform_shops_search")}
              leftSection={<IconSearch size={16} aria-hidden />}
              style={{ flex: 1, minWidth: 180 }}
              maxLength={150}
            />
            {data.state !== "all" && <input type="hidden" name="state" value={data.state} />}
            <Button type="submit">{t("search_open")}</Button>
          </Group>
        </Form>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="platform-state-label">
            {t("platform_shops_state")}
          </Text>
          <SegmentedControl
            aria-labelledby="platform-state-label"
            value={data.state}
            onChange={setState}
            data={(["all", "enabled", "disabled"] as PlatformShopState[]).map((value) => ({
              value,
              label: t(value === "all" ? "platform_state_all" : value === "enabled" ? "platform_state_enabled" : "platform_state_disabled"),
            }))}
          />
        </Stack>
        {data.shops.length === 0 ? (
          <EmptyState icon={<IconBuildingStore size={28} />} title={t("platform_shops_empty")} text={t("platform_shops_empty_text")} />
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
            {data.shops.map((shop) => (
              <ShopRow key={`${shop.id}:${shop.disabled}:${shop.advisor_id}`} shop={shop} advisors={data.advisors} />
            ))}
          </Stack>
        )}
        <ListingPagination page={data.page} total={data.total} pageSize={PLATFORM_SHOPS_PAGE} />
      </Stack>
    </Container>
  );
}

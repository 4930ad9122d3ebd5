import { Avatar, Badge, Button, Card, Group, Pagination, Radio, SegmentedControl, Skeleton, Stack, Text, Title } from "@mantine/core";
import { resellerApi } from "@tianguis/domain/routes/reseller";
import type { AccessRequestState, AccessRequestView, DropshippingAudience } from "@tianguis/domain/schemas/reseller";
import { useCallback, useEffect, useState } from "react";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
import { PageHeader } from "../../ui/PageHeader";

const PAGE_SIZE = 10;
const stateColor: Record<AccessRequestState, string> = { pending: "blue", approved: "teal", rejected: "red" };

/**
 * A supplier's reselling settings (issue 13 'Suppliers'): who may resell its dropshipping items (all resellers, or
 * only approved ones), and the resellers' access requests to approve or reject. Items are marked dropshipping with
 * a contribution margin in the product form.
 */
export function DropshippingSettings({ shopSlug, audience: initial }: { shopSlug: string; audience: DropshippingAudience }) {
  const t = useT();
  const [audience, setAudience] = useState<DropshippingAudience>(initial);
  const [state, setState] = useState<AccessRequestState>("pending");
  const [page, setPage] = useState(1);
  const [requests, setRequests] = useState<{ results: AccessRequestView[]; matches_estimated: number } | null>(null);
  const { run, busy } = useMutation();

  const load = useCallback(async () => {
    setRequests(null);
    const found = await api(resellerApi.accessRequests, {
      params: { slug: shopSlug },
      query: { state, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE },
    }).catch(() => ({ results: [], matches_estimated: 0 }));
    setRequests(found);
  }, [shopSlug, state, page]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = () =>
    run(() => api(resellerApi.setPolicy, { params: { slug: shopSlug }, body: { audience } }), {
      success: "dropshipping_policy_saved",
      revalidate: false,
    });

  const decide = (resellerId: string, decision: "approved" | "rejected") =>
    run(() => api(resellerApi.decideAccess, { params: { slug: shopSlug, resellerId }, body: { state: decision } }), {
      success: "access_decided",
      revalidate: false,
      onSuccess: load,
    });

  return (
    <Stack gap="lg">
      <PageHeader title={t("dropshipping_title")} />
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Radio.Group label={t("dropshipping_audience")} value={audience} onChange={(value) => setAudience(value as DropshippingAudience)}>
            <Stack gap="xs" mt="xs">
              <Radio value="all" label={t("dropshipping_audience_all")} />
              <Radio value="approved" label={t("dropshipping_audience_approved")} />
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button onClick={() => void save()} loading={busy}>
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("dropshipping_requests")}
        </Title>
        <SegmentedControl
          value={state}
          onChange={(value) => {
            setState(value as AccessRequestState);
            setPage(1);
          }}
          data={(["pending", "approved", "rejected"] as const).map((value) => ({ value, label: t(`access_state_${value}`) }))}
        />
        {requests === null ? (
          [0, 1, 2].map((index) => <Skeleton key={index} h={64} />)
        ) : requests.results.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {t("dropshipping_no_requests")}
          </Text>
        ) : (
          requests.results.map((request) => (
            <Card key={request.reseller.id} withBorder radius="md" padding="sm">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={request.reseller.photo} alt="" radius="sm" />
                  <Stack gap={0}>
                    <Text fw={600}>{request.reseller.name}</Text>
                    <Text size="xs" c="dimmed">
                      /tienda/{request.reseller.slug} · {new Date(request.requested_at).toLocaleDateString("es-MX")}
                    </Text>
                  </Stack>
                  <Badge color={stateColor[request.state]} variant="light">
                    {t(`access_state_${request.state}`)}
                  </Badge>
                </Group>
                <Group gap="xs">
                  {request.state !== "approved" && (
                    <Button
                      size="xs"
                      color="teal"
                      onClick={() => void decide(request.reseller.id, "approved")}
                      aria-label={`${t("access_approve")}: ${request.reseller.name}`}
                    >
                      {t("access_approve")}
                    </Button>
                  )}
                  {request.state !== "rejected" && (
                    <Button
                      size="xs"
                      variant="outline"
                      color="red"
                      onClick={() => void decide(request.reseller.id, "rejected")}
                      aria-label={`${t("access_reject")}: ${request.reseller.name}`}
                    >
                      {t("access_reject")}
                    </Button>
                  )}
                </Group>
              </Group>
            </Card>
          ))
        )}
        {requests && requests.matches_estimated > PAGE_SIZE && (
          <Pagination total={Math.ceil(requests.matches_estimated / PAGE_SIZE)} value={page} onChange={setPage} />
        )}
      </Stack>
    </Stack>
  );
}

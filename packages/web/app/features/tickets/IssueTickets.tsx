import { Button, Group, NumberInput, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { ticketsApi } from "@tianguis/domain/routes/tickets";
import type { TicketView } from "@tianguis/domain/schemas/ticket";
import { useState } from "react";
import { api, urlOf } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
import { formatTicketTime } from "./ticket-time";

export interface IssuableExperience {
  id: string;
  name: string;
  experience_date: string | null;
}

/**
 * The owner's tickets nobody bought online (spec §3 'courtesy, establishment sale'): pick an experience that has not
 * ended, courtesy or sold at the door (with its price), how many and for whom; each issued ticket has its PDF.
 */
export function IssueTickets({
  slug,
  experiences,
  onIssued,
}: {
  slug: string;
  experiences: IssuableExperience[];
  onIssued: (count: number) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [productId, setProductId] = useState<string | null>(experiences[0]?.id ?? null);
  const [type, setType] = useState<"courtesy" | "establishment_sale">("courtesy");
  const [quantity, setQuantity] = useState<number | string>(1);
  const [holder, setHolder] = useState("");
  const [price, setPrice] = useState<number | string>(0);
  const [issued, setIssued] = useState<TicketView[]>([]);
  const { run, busy } = useMutation();
  if (experiences.length === 0) return null;

  const submit = () =>
    productId &&
    run(
      () =>
        api(ticketsApi.issue, {
          params: { slug, productId },
          body: {
            type,
            quantity: Number(quantity) || 1,
            holder_name: holder,
            amount: type === "establishment_sale" ? Math.round((Number(price) || 0) * 100) : 0,
          },
        }),
      {
        success: "tickets_issued",
        revalidate: false,
        onSuccess: (answer) => {
          setIssued(answer.results);
          onIssued(answer.results.length);
        },
      },
    );

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="issue-tickets-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="issue-tickets-title">
          {t("tickets_issue_title")}
        </Title>
        <Select
          label={t("type_experience")}
          data={experiences.map((item) => ({
            value: item.id,
            label: item.experience_date ? `${item.name} · ${formatTicketTime(item.experience_date, locale)}` : item.name,
          }))}
          value={productId}
          onChange={setProductId}
          allowDeselect={false}
        />
        <SegmentedControl
          fullWidth
          value={type}
          onChange={(value) => setType(value as typeof type)}
          data={[
            { value: "courtesy", label: t("ticket_type_courtesy") },
            { value: "establishment_sale", label: t("ticket_type_establishment_sale") },
          ]}
        />
        <Group grow align="flex-start" gap="xs">
          <NumberInput label={t("tickets_issue_quantity")} min={1} max={50} value={quantity} onChange={setQuantity} allowDecimal={false} />
          {type === "establishment_sale" && (
            <NumberInput
              label={t("tickets_issue_amount")}
              min={0}
              value={price}
              onChange={setPrice}
              decimalScale={2}
              prefix="$"
              thousandSeparator=","
            />
          )}
        </Group>
        <TextInput label={t("ticket_holder")} value={holder} maxLength={150} onChange={(event) => setHolder(event.currentTarget.value)} />
        <Button onClick={submit} loading={busy} disabled={!productId}>
          {t("tickets_issue_submit")}
        </Button>
        {issued.length > 0 && (
          <Stack gap={4} component="ul" p={0} m={0} aria-label={t("tickets_issued")}>
            {issued.map((ticket) => (
              <Group key={ticket.id} component="li" justify="space-between" wrap="nowrap" gap="xs" style={{ listStyle: "none" }}>
                <Text ff="monospace" size="sm">
                  {ticket.code}
                </Text>
                <Button
                  component="a"
                  href={urlOf(ticketsApi.shopPdf, { params: { slug, id: ticket.id } })}
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconDownload size={14} />}
                  aria-label={`${t("ticket_download")} ${ticket.code}`}
                  rel="nofollow"
                >
                  PDF
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

import { Button, Group, Pagination, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconFileTypePdf, IconFileZip } from "@tabler/icons-react";
import type { CheckoutOrderView, CheckoutView } from "@tianguis/domain/schemas/checkout";
import { useState } from "react";
import { useT } from "../../lib/i18n";
import { TicketCard } from "./TicketCard";
import { ticketFileUrls } from "./ticket-links";
import { TICKETS_PAGE_SIZE, useOrderTickets } from "./useOrderTickets";

/** Orders that never got paid have no tickets to ask for (nor do orders without an experience). */
const unpaid: readonly string[] = ["pending_payment", "expired", "canceled"];

/**
 * The purchase's tickets (spec §2 'attendants/tickets with QR', §7 attendants calls): for each paid order that bought
 * an experience, its tickets 10 per page with their QR, and the whole order's tickets as one PDF or a ZIP.
 */
export function PurchaseTickets({ purchase, token, className }: { purchase: CheckoutView; token: string | null; className?: string }) {
  const orders = purchase.orders.filter((order) => !unpaid.includes(order.state) && order.items.some((item) => item.type === "experience"));
  if (orders.length === 0) return null;
  return (
    <>
      {orders.map((order) => (
        <OrderTickets key={order.id} order={order} token={token} className={className} />
      ))}
    </>
  );
}

function OrderTickets({ order, token, className }: { order: CheckoutOrderView; token: string | null; className?: string }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const result = useOrderTickets(order.id, token, page, version);
  // Orders with no experience (and tickets that could not be read) show nothing: the rest of the page stands alone.
  if (result === null || (result && result.total === 0)) return null;
  const files = ticketFileUrls(order.id, token);
  const titleId = `tickets-${order.id}`;
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="section" aria-labelledby={titleId} className={className}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h4" id={titleId}>
            {t("tickets_of_order")} #{order.number}
          </Title>
          <Group gap="xs">
            <Button component="a" href={files.pdf} leftSection={<IconFileTypePdf size={16} />} size="sm" rel="nofollow">
              {t("tickets_download_pdf")}
            </Button>
            <Button component="a" href={files.zip} leftSection={<IconFileZip size={16} />} size="sm" variant="default" rel="nofollow">
              {t("tickets_download_zip")}
            </Button>
          </Group>
        </Group>
        {result === undefined ? (
          <Stack gap="sm" aria-busy="true">
            <Skeleton height={150} radius="md" />
            <Skeleton height={150} radius="md" />
          </Stack>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0}>
            {result.tickets.map((ticket) => (
              <TicketCard
                key={`${ticket.id}-${ticket.holder_name}`}
                ticket={ticket}
                token={token}
                pdfUrl={files.one(ticket.id)}
                onChanged={() => setVersion((value) => value + 1)}
              />
            ))}
          </Stack>
        )}
        {result && result.total > TICKETS_PAGE_SIZE && (
          <Pagination total={Math.ceil(result.total / TICKETS_PAGE_SIZE)} value={page} onChange={setPage} size="sm" siblings={1} />
        )}
        {result && (
          <Text size="xs" c="dimmed">
            {t("ticket_pdf_footer")}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

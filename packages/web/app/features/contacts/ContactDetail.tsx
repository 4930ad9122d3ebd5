import { Anchor, Badge, Button, Container, Group, Paper, SimpleGrid, Stack, TagsInput, Text, Textarea, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { contactsApi } from "@tianguis/domain/routes/contacts";
import { contactReplyMax, contactTagMax, contactTagsMax } from "@tianguis/domain/rules/contacts";
import type { ContactDetailView } from "@tianguis/domain/schemas/contact";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
import classes from "./contacts.module.css";
import { formatDay, formatMoment, totalBought } from "./format";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

/** A contact's card, its tags, the conversation and the answer form (issue 29 §3). */
export function ContactDetail({
  contact,
  backHref,
  backLabel = "contact_back",
}: {
  contact: ContactDetailView;
  backHref: string;
  backLabel?: "contact_back" | "referred_back";
}) {
  const t = useT();
  const locale = useLocale();
  const name = contact.name || t("contacts_no_name");
  // Opening the contact reads its new messages: the unread marker and the admin bar's count go down.
  useEffect(() => {
    if (contact.unread > 0) api(contactsApi.read, { params: { id: contact.id } }).catch(() => undefined);
  }, [contact.id, contact.unread]);
  return (
    <Container size="md" py="lg" px={{ base: "sm", sm: "md" }}>
      <Stack gap="lg">
        <Anchor component={Link} to={backHref} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {t(backLabel)}
          </Group>
        </Anchor>
        <Title order={1} fz={{ base: "h2", sm: "h1" }}>
          {name}
        </Title>
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md">
            <Fact label={t("contacts_col_reach")}>
              <Stack gap={0}>
                {contact.email && <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>}
                {contact.phone && <Anchor href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>{contact.phone}</Anchor>}
                {!contact.email && !contact.phone && "—"}
              </Stack>
            </Fact>
            <Fact label={t("contacts_col_first")}>{formatDay(contact.first_interaction_at, locale)}</Fact>
            <Fact label={t("contacts_col_last")}>{formatDay(contact.last_interaction_at, locale)}</Fact>
            <Fact label={t("contacts_col_total")}>{totalBought(contact, locale)}</Fact>
            <Fact label={t("contact_purchases")}>{contact.purchases}</Fact>
            <Fact label={contact.shop ? t("contact_shop") : t("contact_campaign")}>
              {contact.shop ? contact.shop.name : (contact.campaign?.name ?? "—")}
            </Fact>
          </SimpleGrid>
          {(contact.registered_by_campaign || contact.customer_by_campaign) && (
            <Group gap="xs" mt="md">
              {contact.registered_by_campaign && <Badge color="grape">{t("contact_registered_by_campaign")}</Badge>}
              {contact.customer_by_campaign && <Badge color="teal">{t("contact_customer_by_campaign")}</Badge>}
            </Group>
          )}
        </Paper>
        <TagsEditor contact={contact} />
        <Conversation contact={contact} />
        {(contact.email || contact.phone) && <ReplyForm contact={contact} />}
      </Stack>
    </Container>
  );
}

function TagsEditor({ contact }: { contact: ContactDetailView }) {
  const t = useT();
  const { run, busy } = useMutation();
  const [tags, setTags] = useState(contact.tags.map((tag) => tag.tag));
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    void run(() => api(contactsApi.setTags, { params: { id: contact.id }, body: { tags } }), { success: "contact_tags_saved" });
  };
  return (
    <form onSubmit={save}>
      <Group align="flex-end" gap="sm">
        <TagsInput
          label={t("contact_tags")}
          placeholder={t("contact_tags_placeholder")}
          value={tags}
          onChange={setTags}
          maxTags={contactTagsMax}
          maxLength={contactTagMax}
          clearable
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button type="submit" variant="default" loading={busy}>
          {t("contact_tags_save")}
        </Button>
      </Group>
    </form>
  );
}

function Conversation({ contact }: { contact: ContactDetailView }) {
  const t = useT();
  const locale = useLocale();
  const name = contact.name || t("contacts_no_name");
  return (
    <section aria-labelledby="contact-conversation">
      <Title order={2} fz="h3" id="contact-conversation" mb="sm">
        {t("contact_conversation")}
      </Title>
      {contact.messages_list.length === 0 ? (
        <Text c="dimmed">{t("contact_no_messages")}</Text>
      ) : (
        <ol className={classes.conversation}>
          {contact.messages_list.map((message) => (
            <li key={message.id} className={message.direction === "out" ? classes.out : classes.in}>
              <p className={classes.meta}>
                {message.direction === "in"
                  ? t("contact_message_in", { name })
                  : t("contact_message_out", { name: message.author_name ?? "—" })}
                {" · "}
                <time dateTime={message.created_at}>{formatMoment(message.created_at, locale)}</time>
                {message.sent_via && ` · ${t(message.sent_via === "email" ? "contact_sent_via_email" : "contact_sent_via_sms")}`}
              </p>
              <p className={classes.body}>{message.body}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ReplyForm({ contact }: { contact: ContactDetailView }) {
  const t = useT();
  const { run, busy } = useMutation();
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!message.trim()) return setError(t("required"));
    setError(null);
    await run(() => api(contactsApi.reply, { params: { id: contact.id }, body: { message } }), {
      success: "contact_reply_sent",
      onSuccess: () => setMessage(""),
    });
  };
  return (
    <form onSubmit={send} noValidate>
      <Stack gap="xs">
        <Textarea
          label={t("contact_reply_label")}
          description={t("contact_reply_hint", { to: contact.email ?? contact.phone ?? "" })}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          maxLength={contactReplyMax}
          autosize
          minRows={3}
          error={error}
        />
        <Group>
          <Button type="submit" loading={busy}>
            {t("contact_reply_send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

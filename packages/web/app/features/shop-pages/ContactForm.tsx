import { Alert, Box, Button, Container, Paper, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { contactMessageMax } from "@tianguis/domain/rules/shop-pages";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { useT } from "../../lib/i18n";
import { notifySuccess } from "../../ui/notify";
import type { ContactResult } from "./shop-pages.server";

/**
 * {shop}/contacto: name, e-mail, optional phone and a message of up to 2000 characters, posted to the route. The
 * 'website' field is a honeypot, kept out of sight and out of the tab order; people never fill it.
 */
export function ContactForm({ shopName, result }: { shopName: string; result?: ContactResult }) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const form = useRef<HTMLFormElement>(null);
  const [length, setLength] = useState(0);
  const fields = result?.fields ?? {};
  useEffect(() => {
    if (!result?.sent) return;
    notifySuccess(t("contact_form_title"), t("contact_sent"));
    form.current?.reset();
    setLength(0);
  }, [result, t]);
  return (
    <Container size="sm" py={{ base: "md", sm: "xl" }} px={{ base: "sm", sm: "md" }}>
      <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
        <Form method="post" noValidate ref={form} aria-label={t("contact_form_title")}>
          <Stack gap="sm">
            <Title order={1} size="h2">
              {t("contact_form_title")} · {shopName}
            </Title>
            <Text c="dimmed" size="sm">
              {t("contact_intro")}
            </Text>
            {result?.sent && (
              <Alert color="green" variant="light" role="status" icon={<IconCircleCheck size={20} />}>
                {t("contact_sent")}
              </Alert>
            )}
            {result?.error && (
              <Alert color="red" role="alert">
                {result.error}
              </Alert>
            )}
            <TextInput name="name" label={t("contact_name")} required maxLength={150} autoComplete="name" error={fields.name} />
            <TextInput name="email" type="email" label={t("contact_form_email")} required autoComplete="email" error={fields.email} />
            <TextInput name="phone" type="tel" label={t("contact_form_phone")} maxLength={20} autoComplete="tel" error={fields.phone} />
            <Textarea
              name="message"
              label={t("contact_message")}
              required
              autosize
              minRows={5}
              maxLength={contactMessageMax}
              onChange={(event) => setLength(event.currentTarget.value.length)}
              description={`${length}/${contactMessageMax}`}
              error={fields.message}
            />
            <Box aria-hidden="true" style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}>
              <label>
                {t("contact_website")}
                <input type="text" name="website" tabIndex={-1} autoComplete="off" />
              </label>
            </Box>
            <Button type="submit" loading={busy} size="md">
              {t("contact_send")}
            </Button>
          </Stack>
        </Form>
      </Paper>
    </Container>
  );
}

import { Button, Checkbox, Group, Select, SimpleGrid, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { contactSources } from "@tianguis/domain/schemas/contact";
import type { ContactTagView } from "@tianguis/domain/schemas/contact";
import { Form, Link } from "react-router";
import { useT } from "../../lib/i18n";

const sourceLabels = {
  message: "contacts_source_message",
  purchase: "contacts_source_purchase",
  referral: "contacts_source_referral",
} as const;

export type FilterValues = Partial<Record<string, string>>;

/**
 * The list's filters, in the URL (a GET form, so they work without JavaScript and survive a reload): text, dates and
 * a tag for both lists; the source for a shop's; the campaign and the two referral flags for the referred list.
 */
export function ContactFilters({
  values,
  tags,
  campaigns,
}: {
  values: FilterValues;
  tags: ContactTagView[];
  /** Given for the referred list. */
  campaigns?: { id: string; name: string }[];
}) {
  const t = useT();
  const filtered = Object.values(values).some(Boolean);
  return (
    <Form method="get" role="search" aria-label={t("contacts_filter")}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <TextInput name="text" label={t("contacts_search")} defaultValue={values.text ?? ""} leftSection={<IconSearch size={16} />} />
        {campaigns ? (
          <Select
            name="campaign"
            label={t("contact_campaign")}
            placeholder={t("referred_campaign_any")}
            defaultValue={values.campaign ?? null}
            clearable
            data={campaigns.map((one) => ({ value: one.id, label: one.name }))}
          />
        ) : (
          <Select
            name="source"
            label={t("contacts_source")}
            placeholder={t("contacts_source_all")}
            defaultValue={values.source ?? null}
            clearable
            data={contactSources.map((value) => ({ value, label: t(sourceLabels[value]) }))}
          />
        )}
        <Select
          name="tags"
          label={t("contacts_tag_filter")}
          placeholder={t("contacts_tag_any")}
          defaultValue={values.tags ?? null}
          clearable
          data={tags.map((tag) => ({ value: tag.id, label: tag.tag }))}
        />
        <TextInput name="start_date" type="date" label={t("contacts_from")} defaultValue={values.start_date ?? ""} />
        <TextInput name="end_date" type="date" label={t("contacts_to")} defaultValue={values.end_date ?? ""} />
        {campaigns && (
          <Group gap="md" align="flex-end">
            <Checkbox
              name="customer_by_campaign"
              value="true"
              label={t("referred_customer_by_campaign")}
              defaultChecked={values.customer_by_campaign === "true"}
            />
            <Checkbox
              name="registered_by_campaign"
              value="true"
              label={t("referred_registered_by_campaign")}
              defaultChecked={values.registered_by_campaign === "true"}
            />
          </Group>
        )}
      </SimpleGrid>
      <Group gap="xs" mt="sm">
        <Button type="submit" variant="default">
          {t("contacts_filter")}
        </Button>
        {filtered && (
          <Button component={Link} to="?" variant="subtle">
            {t("contacts_clear")}
          </Button>
        )}
      </Group>
    </Form>
  );
}

import { Alert, Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { type PaymentMethod, acceptedPaymentMethods, paymentMethods } from "@tianguis/domain/rules/checkout";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { useState } from "react";
import { useT } from "../../lib/i18n";
import { useShopPatch } from "./useShopPatch";

/** The payment methods the shop accepts for the products it supplies (supplier_info.enabled_payment_types). */
export function PaymentMethodsForm({ shop }: { shop: ShopView }) {
  const t = useT();
  const { patch, submitting } = useShopPatch(shop.slug);
  const [saved, setSaved] = useState<PaymentMethod[]>(acceptedPaymentMethods([shop.enabled_payment_types]));
  const [values, setValues] = useState<PaymentMethod[]>(saved);
  const pristine = values.join() === saved.join();
  const submit = async () => {
    if ((await patch({ enabled_payment_types: values })) === null) setSaved(values);
  };
  return (
    <Card
      withBorder
      radius="md"
      p="lg"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <div>
          <Title order={2} size="h4">
            {t("payment_methods_title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("payment_methods_text")}
          </Text>
        </div>
        <Checkbox.Group
          value={values}
          onChange={(next) => setValues(acceptedPaymentMethods([next]))}
          aria-label={t("payment_methods_title")}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {paymentMethods.map((method) => (
              <Checkbox key={method} value={method} label={t(`pm_${method}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {values.length === 0 && (
          <Alert color="yellow" role="status">
            {t("payment_methods_none")}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={submitting} disabled={pristine || submitting}>
            {t("save")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { formatMoney } from "@tianguis/domain/money";
import { membershipResidual, referralPlans, withReferral } from "@tianguis/domain/rules/referral";
import { useLocale, useT } from "../../lib/i18n";
import { CopyField } from "./CopyField";
import { useAbsoluteUrl } from "./useAbsoluteUrl";

/** Tab 'Planes de servicio': each plan's landing page with the promoter's code; 15% residual on memberships sold. */
export function ReferralPlans({ code }: { code: string }) {
  const t = useT();
  return (
    <Stack gap="lg">
      <Text>{t("referral_plans_intro")}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {referralPlans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} code={code} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function PlanCard({ plan, code }: { plan: (typeof referralPlans)[number]; code: string }) {
  const t = useT();
  const locale = useLocale();
  const link = useAbsoluteUrl(withReferral(plan.landing, code));
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} fz="h4">
            {t(`referral_plan_${plan.id}`)}
          </Title>
          {plan.price !== null && (
            <Badge variant="light">
              {t("referral_plan_per_month", { price: formatMoney({ amount: plan.price, currency: plan.currency }, locale) })}
            </Badge>
          )}
        </Group>
        {plan.price !== null && (
          <Text size="sm" c="teal.9" fw={600}>
            {t("referral_plan_commission", {
              amount: formatMoney({ amount: membershipResidual(plan.price), currency: plan.currency }, locale),
            })}
          </Text>
        )}
        <CopyField label={t("referral_plan_link")} value={link} />
      </Stack>
    </Card>
  );
}

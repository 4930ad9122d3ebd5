import { Checkbox, Stack, Text } from "@mantine/core";
import type { MessageCode } from "@tianguis/domain/messages/index";
import type { ShopRole } from "@tianguis/domain/schemas/shop";
import { useT } from "../../lib/i18n";

/** The profiles as checkboxes, each with what it lets the person do. */
export function ProfileChoices({
  profiles,
  value,
  onChange,
  error,
}: {
  profiles: { id: ShopRole; name: string }[];
  value: ShopRole[];
  onChange: (value: ShopRole[]) => void;
  error?: string;
}) {
  const t = useT();
  return (
    <Checkbox.Group label={t("collaborator_profiles")} value={value} onChange={(next) => onChange(next as ShopRole[])} error={error}>
      <Stack gap="xs" mt={6}>
        {profiles.map((profile) => (
          <Checkbox
            key={profile.id}
            value={profile.id}
            label={profile.name}
            description={
              <Text span size="xs">
                {t(`profile_${profile.id}_hint` as MessageCode)}
              </Text>
            }
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

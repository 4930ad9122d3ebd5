import { Avatar, Button, Group } from "@mantine/core";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";

/** Top-bar account area: login and sign-up for visitors, the avatar for signed-in users. */
export function UserMenu() {
  const t = useT();
  const user = useUser();
  if (user) return <Avatar src={user.image} alt={user.full_name} radius="xl" />;
  return (
    <Group gap="xs" visibleFrom="sm">
      <Button component={Link} to="/login" variant="subtle">
        {t("login")}
      </Button>
      <Button component={Link} to="/register">
        {t("signup")}
      </Button>
    </Group>
  );
}

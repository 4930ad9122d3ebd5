import { Avatar, Menu, ScrollArea, Skeleton, Stack, Text } from "@mantine/core";
import { IconBuildingStore, IconChevronDown, IconChevronRight, IconUsersGroup } from "@tabler/icons-react";
import { collaboratorsApi } from "@tianguis/domain/routes/collaborators";
import { collaborationPickerHeight, collaborationPickerPageSize } from "@tianguis/domain/rules/collaborators";
import type { CollaborationView } from "@tianguis/domain/schemas/collaborator";
import { useState } from "react";
import { Link } from "react-router";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";

/**
 * The user menu's 'Mis colaboraciones' (storefront-and-admin §2 'Shop user menu drawer: my collaborators (expandable, 5
 * per page, max height 300 px)'): opening it loads the stores one collaborates with, 5 at a time, each linking into that
 * shop's admin; 'Ver todas' leads to the page with the invitations waiting for an answer.
 */
export function CollaborationsMenu() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<CollaborationView[] | null>(null);
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const loadMore = async (offset: number) => {
    setLoading(true);
    setFailed(false);
    try {
      const page = await api(collaboratorsApi.collaborations, { query: { offset, limit: collaborationPickerPageSize } });
      setItems((current) => [...(offset === 0 ? [] : (current ?? [])), ...page.results]);
      setCount(page.count);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  const toggle = () => {
    setOpen(!open);
    if (!open && items === null) void loadMore(0);
  };

  return (
    <>
      <Menu.Item
        closeMenuOnClick={false}
        onClick={toggle}
        aria-expanded={open}
        leftSection={<IconUsersGroup size={16} />}
        rightSection={open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
      >
        {t("collaborations_title")}
      </Menu.Item>
      {open && (
        <ScrollArea.Autosize mah={collaborationPickerHeight} type="auto" offsetScrollbars>
          <Stack gap={0} pl="xs" role="group" aria-label={t("collaborations_title")}>
            {items?.map((collaboration) => (
              <Menu.Item
                key={collaboration.id}
                component={Link}
                to={collaboration.admin_url}
                leftSection={
                  <Avatar src={collaboration.store_photo} size={24} radius="sm" alt="" color="teal">
                    <IconBuildingStore size={14} />
                  </Avatar>
                }
              >
                <Text size="sm" lineClamp={1}>
                  {collaboration.store_name}
                </Text>
              </Menu.Item>
            ))}
            {loading && [0, 1].map((key) => <Skeleton key={key} height={28} my={4} radius="sm" />)}
            {!loading && items?.length === 0 && (
              <Text size="xs" c="dimmed" px="sm" py={6}>
                {t("collaborations_empty")}
              </Text>
            )}
            {failed && (
              <Text size="xs" c="red" px="sm" py={6} role="alert">
                {t("generic_error")}
              </Text>
            )}
            {!loading && items && items.length < count && (
              <Menu.Item closeMenuOnClick={false} onClick={() => void loadMore(items.length)}>
                <Text size="xs" fw={600}>
                  {t("load_more")}
                </Text>
              </Menu.Item>
            )}
            <Menu.Item component={Link} to="/apps/me/colaboraciones">
              <Text size="xs" c="dimmed">
                {t("collaborations_see_all")}
              </Text>
            </Menu.Item>
          </Stack>
        </ScrollArea.Autosize>
      )}
    </>
  );
}

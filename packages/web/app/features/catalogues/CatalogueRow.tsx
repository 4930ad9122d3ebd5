import { ActionIcon, Avatar, Box, Button, Group, Text, TextInput, Tooltip } from "@mantine/core";
import type { DraggableProvided } from "@hello-pangea/dnd";
import { IconCheck, IconGripVertical, IconPencil, IconTrash, IconX, IconCursorText } from "@tabler/icons-react";
import type { CatalogueView } from "@tianguis/domain/schemas/catalogue";
import { useState } from "react";
import { useT } from "../../lib/i18n";
import { productCount } from "./CatalogueCard";

export function CatalogueRow({
  catalogue,
  provided,
  deleting,
  onRename,
  onEdit,
  onDelete,
  onUndo,
}: {
  catalogue: CatalogueView;
  provided: DraggableProvided;
  deleting: boolean;
  onRename: (name: string) => Promise<boolean>;
  onEdit: () => void;
  onDelete: () => void;
  onUndo: () => void;
}) {
  const t = useT();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const saveName = async () => {
    if (renaming === null || renaming.trim() === "") return;
    setSaving(true);
    if (await onRename(renaming.trim())) setRenaming(null);
    setSaving(false);
  };
  return (
    <Box
      ref={provided.innerRef}
      {...provided.draggableProps}
      py={6}
      px={4}
      data-testid="catalogue-row"
      style={{
        ...provided.draggableProps.style,
        borderBottom: "1px solid var(--mantine-color-default-border)",
        background: "var(--mantine-color-body)",
        opacity: deleting ? 0.7 : 1,
      }}
    >
      <Group wrap="nowrap" gap="sm">
        <Box
          {...provided.dragHandleProps}
          aria-label={`${t("drag_to_reorder")}: ${catalogue.name}`}
          style={{ cursor: "grab", display: "flex" }}
        >
          <IconGripVertical size={18} />
        </Box>
        <Avatar src={catalogue.photo} radius="sm" size={40} alt="">
          {catalogue.name.slice(0, 1).toUpperCase()}
        </Avatar>
        {renaming !== null ? (
          <Group wrap="nowrap" gap={4} style={{ flex: 1 }}>
            <TextInput
              aria-label={t("catalogue_name")}
              value={renaming}
              onChange={(event) => setRenaming(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") void saveName();
                if (event.key === "Escape") setRenaming(null);
              }}
              style={{ flex: 1 }}
              maxLength={150}
              autoFocus
            />
            <ActionIcon aria-label={t("save")} onClick={saveName} loading={saving} variant="light">
              <IconCheck size={16} />
            </ActionIcon>
            <ActionIcon aria-label={t("close")} onClick={() => setRenaming(null)} variant="subtle">
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ) : (
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Text fw={500} lineClamp={1}>
              {catalogue.name}
            </Text>
            <Text size="xs" c="dimmed">
              {productCount(t, catalogue.num_products)}
            </Text>
          </Box>
        )}
        {deleting ? (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="red" fw={500}>
              {t("deleting")}
            </Text>
            <Button size="xs" variant="outline" onClick={onUndo}>
              {t("undo")}
            </Button>
          </Group>
        ) : (
          renaming === null && (
            <Group gap={2} wrap="nowrap">
              <Tooltip label={t("rename")}>
                <ActionIcon variant="subtle" aria-label={`${t("rename")}: ${catalogue.name}`} onClick={() => setRenaming(catalogue.name)}>
                  <IconCursorText size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t("edit")}>
                <ActionIcon variant="subtle" aria-label={`${t("edit")}: ${catalogue.name}`} onClick={onEdit}>
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t("delete")}>
                <ActionIcon variant="subtle" color="red" aria-label={`${t("delete")}: ${catalogue.name}`} onClick={onDelete}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )
        )}
      </Group>
    </Box>
  );
}

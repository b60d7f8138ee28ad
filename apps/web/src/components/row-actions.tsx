import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';

type RowAction = {
  /** The tooltip ("Edit"). */
  tooltip: string;
  /** The button's name for assistive technology, naming the row ("Edit Dealers"). */
  label: string;
  onClick: () => void;
};

/** A table row's edit and delete buttons: icons with a tooltip, each named with its row. */
export const RowEditDelete = ({ edit, remove }: { edit: RowAction; remove: RowAction }) => (
  <Group gap={4} wrap="nowrap">
    <Tooltip label={edit.tooltip} withArrow>
      <ActionIcon variant="subtle" aria-label={edit.label} onClick={edit.onClick}>
        <IconEdit size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
    <Tooltip label={remove.tooltip} withArrow>
      <ActionIcon variant="subtle" color="red" aria-label={remove.label} onClick={remove.onClick}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  </Group>
);

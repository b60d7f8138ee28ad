import { ActionIcon, Box, Group, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusAfterMove } from '@/components/use-focus-after-move';
import { usePointerReorder } from '@/components/use-pointer-reorder';

type ReorderableListProps<T> = {
  items: readonly T[];
  getKey: (item: T) => string;
  /** The item's name in button labels and announcements ("Move “Price” up"). */
  getLabel: (item: T) => string;
  /**
   * Moves an item. Answering false means it did not move (yet), e.g. the owner is asked first or
   * the move was refused: then nothing is announced and the focus stays where it is.
   */
  onMove: (from: number, to: number) => unknown;
  renderItem: (item: T, index: number) => ReactNode;
  disabled?: boolean;
  /** Accessible name of the list. */
  label: string;
};

type Control = 'drag' | 'up' | 'down';

/**
 * A list the owner reorders by dragging a row's handle (mouse, pen or finger) or by its
 * move-up/move-down buttons and Alt + arrow keys; every move is announced to screen readers.
 */
export const ReorderableList = <T,>({
  items,
  getKey,
  getLabel,
  onMove,
  renderItem,
  disabled = false,
  label,
}: ReorderableListProps<T>) => {
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState('');
  const { controlRef, focusAfterMove } = useFocusAfterMove<Control>(items, 'drag');

  const move = (from: number, to: number, on?: Control) => {
    const item = items[from];
    if (item === undefined || to < 0 || to >= items.length || from === to) return;
    if (onMove(from, to) === false) return;
    if (on) focusAfterMove(getKey(item), on);
    setAnnouncement(
      t('questions.reorder.moved', { item: getLabel(item), position: to + 1, total: items.length }),
    );
  };

  const { rowRef, rowStyle, handleProps } = usePointerReorder(move);

  return (
    <>
      <Box component="ol" aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item, index) => {
          const name = getLabel(item);
          return (
            <Box
              component="li"
              key={getKey(item)}
              ref={rowRef(index)}
              mb="xs"
              style={{ ...rowStyle(index), borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Group gap="xs" wrap="nowrap" align="flex-start">
                {disabled ? null : (
                  <Group gap={2} wrap="nowrap" pt={4}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      ref={controlRef(getKey(item), 'drag')}
                      {...handleProps(index, items.length)}
                      aria-label={t('questions.reorder.drag', { item: name })}
                      onKeyDown={(e) => {
                        if (!e.altKey) return;
                        if (e.key === 'ArrowUp') {
                          e.preventDefault();
                          move(index, index - 1, 'drag');
                        } else if (e.key === 'ArrowDown') {
                          e.preventDefault();
                          move(index, index + 1, 'drag');
                        }
                      }}
                    >
                      <IconGripVertical size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      ref={controlRef(getKey(item), 'up')}
                      onClick={() => move(index, index - 1, 'up')}
                      disabled={index === 0}
                      aria-label={t('questions.reorder.up', { item: name })}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      ref={controlRef(getKey(item), 'down')}
                      onClick={() => move(index, index + 1, 'down')}
                      disabled={index === items.length - 1}
                      aria-label={t('questions.reorder.down', { item: name })}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                )}
                <Box style={{ flex: 1, minWidth: 0 }}>{renderItem(item, index)}</Box>
              </Group>
            </Box>
          );
        })}
      </Box>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </>
  );
};

import { ActionIcon, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { type DragEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useSurveyTranslation } from './survey-language';

type Option = { _id: string; text: string };
type FocusTarget = { id: string; on: 'item' | 'up' | 'down' };

type RankingInputProps = {
  options: readonly Option[];
  /** Every option id, best first. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  labelledBy: string;
  describedBy?: string | undefined;
};

export const moveItem = (ids: readonly string[], from: number, to: number): string[] => {
  if (from === to || from < 0 || to < 0 || from >= ids.length || to >= ids.length) return [...ids];
  const next = [...ids];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

/**
 * A ranking by drag and drop (native HTML5, no library) and by keyboard: each item takes
 * Alt + Arrow up/down and has move buttons, so it works without a mouse and on a phone,
 * where native drag is not available. Every move is announced in a live region.
 */
export const RankingInput = ({ options, value, onChange, labelledBy, describedBy }: RankingInputProps) => {
  const { t } = useSurveyTranslation();
  const instructionsId = useId();
  const [announcement, setAnnouncement] = useState('');
  const [dragId, setDragId] = useState<string | null>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const refs = useRef(new Map<string, HTMLElement>());
  const textOf = (id: string) => options.find((o) => o._id === id)?.text ?? '';

  // Focus follows the moved item, so repeated Alt + Arrow presses keep moving the same one.
  useEffect(() => {
    if (!focusTarget) return;
    const el = refs.current.get(`${focusTarget.id}:${focusTarget.on}`);
    const fallback = refs.current.get(`${focusTarget.id}:item`);
    (el && !(el as HTMLButtonElement).disabled ? el : fallback)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const announce = (ids: readonly string[], id: string) =>
    setAnnouncement(
      t('participation.ranking.moved', {
        item: textOf(id),
        position: ids.indexOf(id) + 1,
        total: ids.length,
      }),
    );

  const move = (id: string, by: -1 | 1, on: FocusTarget['on']) => {
    const from = value.indexOf(id);
    const next = moveItem(value, from, from + by);
    if (next.indexOf(id) === from) return;
    onChange(next);
    announce(next, id);
    setFocusTarget({ id, on });
  };

  const onKeyDown = (e: KeyboardEvent, id: string) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    move(id, e.key === 'ArrowUp' ? -1 : 1, 'item');
  };

  const setRef = (key: string) => (el: HTMLElement | null) => {
    if (el) refs.current.set(key, el);
    else refs.current.delete(key);
  };

  return (
    <div>
      <Text id={instructionsId} fz="sm" c="dimmed" mb="sm">
        {t('participation.ranking.instructions')}
      </Text>
      <ol
        aria-labelledby={labelledBy}
        aria-describedby={[instructionsId, describedBy].filter(Boolean).join(' ')}
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}
      >
        {value.map((id, index) => (
          <Paper
            component="li"
            key={id}
            withBorder
            radius="md"
            p="xs"
            tabIndex={0}
            ref={setRef(`${id}:item`)}
            draggable
            onKeyDown={(e: KeyboardEvent) => onKeyDown(e, id)}
            onDragStart={(e: DragEvent) => {
              setDragId(id);
              e.dataTransfer.effectAllowed = 'move';
              // Firefox starts a drag only when it carries data.
              e.dataTransfer.setData('text/plain', textOf(id));
            }}
            onDragOver={(e: DragEvent) => {
              if (!dragId) return;
              e.preventDefault();
              if (dragId !== id) onChange(moveItem(value, value.indexOf(dragId), index));
            }}
            onDrop={(e: DragEvent) => e.preventDefault()}
            onDragEnd={() => {
              if (dragId) announce(value, dragId);
              setDragId(null);
            }}
            style={{ cursor: 'grab', opacity: dragId === id ? 0.5 : 1, touchAction: 'manipulation' }}
          >
            <Group gap="xs" wrap="nowrap">
              <IconGripVertical size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
              <Text fw={600} miw={28} ta="right">
                {t('participation.ranking.position', { position: index + 1 })}
              </Text>
              <Text flex={1} style={{ overflowWrap: 'anywhere' }}>
                {textOf(id)}
              </Text>
              <ActionIcon
                variant="default"
                size="lg"
                ref={setRef(`${id}:up`)}
                disabled={index === 0}
                aria-label={t('participation.ranking.moveUp', { item: textOf(id) })}
                onClick={() => move(id, -1, 'up')}
              >
                <IconArrowUp size={18} aria-hidden="true" />
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="lg"
                ref={setRef(`${id}:down`)}
                disabled={index === value.length - 1}
                aria-label={t('participation.ranking.moveDown', { item: textOf(id) })}
                onClick={() => move(id, 1, 'down')}
              >
                <IconArrowDown size={18} aria-hidden="true" />
              </ActionIcon>
            </Group>
          </Paper>
        ))}
      </ol>
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
    </div>
  );
};

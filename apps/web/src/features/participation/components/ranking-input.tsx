import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { IconButton, plainClasses, Text, VisuallyHidden } from '@/components/plain/plain';
import { useFocusAfterMove } from '@/components/use-focus-after-move';
import { usePointerReorder } from '@/components/use-pointer-reorder';
import { useSurveyTranslation } from './survey-language';

type Option = { _id: string; text: string };
type Control = 'item' | 'up' | 'down';

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
 * A ranking by dragging an item's grip (mouse, pen or finger: it works on a phone) and by
 * keyboard: each item takes Alt + Arrow up/down and has move buttons, so it works without a
 * pointer too. Every move is announced in a live region.
 */
export const RankingInput = ({ options, value, onChange, labelledBy, describedBy }: RankingInputProps) => {
  const { t } = useSurveyTranslation();
  const instructionsId = useId();
  const [announcement, setAnnouncement] = useState('');
  const textOf = (id: string) => options.find((o) => o._id === id)?.text ?? '';

  // Focus follows the moved item, so repeated Alt + Arrow presses keep moving the same one.
  const { controlRef, focusAfterMove } = useFocusAfterMove<Control>(value, 'item');

  const announce = (ids: readonly string[], id: string) =>
    setAnnouncement(
      t('participation.ranking.moved', {
        item: textOf(id),
        position: ids.indexOf(id) + 1,
        total: ids.length,
      }),
    );

  const move = (id: string, by: -1 | 1, on: Control) => {
    const from = value.indexOf(id);
    const next = moveItem(value, from, from + by);
    if (next.indexOf(id) === from) return;
    onChange(next);
    announce(next, id);
    focusAfterMove(id, on);
  };

  const { rowRef, rowStyle, handleProps } = usePointerReorder((from, to) => {
    const id = value[from];
    if (id === undefined) return;
    const next = moveItem(value, from, to);
    onChange(next);
    announce(next, id);
  });

  const onKeyDown = (e: KeyboardEvent, id: string) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    move(id, e.key === 'ArrowUp' ? -1 : 1, 'item');
  };

  return (
    <div>
      <Text id={instructionsId} dimmed small style={{ marginBottom: '0.75rem' }}>
        {t('participation.ranking.instructions')}
        {/* The shortcut matters to keyboard and screen-reader users only; a phone has no Alt key. */}
        <VisuallyHidden> {t('participation.ranking.keyboardHint')}</VisuallyHidden>
      </Text>
      <ol
        aria-labelledby={labelledBy}
        aria-describedby={[instructionsId, describedBy].filter(Boolean).join(' ')}
        className={plainClasses.plainList}
      >
        {value.map((id, index) => (
          <li
            key={id}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the row takes Alt + arrows to move it (see above).
            tabIndex={0}
            className={`${plainClasses.paper} ${plainClasses.focusable}`}
            ref={(el: HTMLElement | null) => {
              controlRef(id, 'item')(el);
              rowRef(index)(el);
            }}
            onKeyDown={(e: KeyboardEvent) => onKeyDown(e, id)}
            style={{ padding: '0.5rem', ...rowStyle(index) }}
          >
            <div style={{ display: 'flex', alignItems: 'center', gap: '0.5rem' }}>
              {/* The grip is for pointers only: keyboard users have Alt + arrows and the buttons. */}
              <span
                aria-hidden="true"
                data-drag-handle
                {...handleProps(index, value.length)}
                style={{ display: 'flex', padding: 6, margin: -6, ...handleProps(index, value.length).style }}
              >
                <IconGripVertical size={18} style={{ flexShrink: 0 }} />
              </span>
              <span style={{ fontWeight: 600, minWidth: 28, textAlign: 'right' }}>
                {t('participation.ranking.position', { position: index + 1 })}
              </span>
              <span style={{ flex: 1, overflowWrap: 'anywhere' }}>{textOf(id)}</span>
              <IconButton
                ref={controlRef(id, 'up')}
                disabled={index === 0}
                aria-label={t('participation.ranking.moveUp', { item: textOf(id) })}
                onClick={() => move(id, -1, 'up')}
              >
                <IconArrowUp size={18} aria-hidden="true" />
              </IconButton>
              <IconButton
                ref={controlRef(id, 'down')}
                disabled={index === value.length - 1}
                aria-label={t('participation.ranking.moveDown', { item: textOf(id) })}
                onClick={() => move(id, 1, 'down')}
              >
                <IconArrowDown size={18} aria-hidden="true" />
              </IconButton>
            </div>
          </li>
        ))}
      </ol>
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
    </div>
  );
};

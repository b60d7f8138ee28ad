import { Badge, type BadgeProps, CloseButton, Group, Popover, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type TagChipsProps = {
  tags: readonly string[];
  /** Names the list ("Tags" unless told); `labelledBy` names it by a heading instead. */
  label?: string;
  labelledBy?: string;
  /** Shown (dimmed) instead of the list when there are no tags; without it, nothing is. */
  none?: ReactNode;
  /** Each chip gets a remove button ("Remove tag “vip”") that calls it with its tag. */
  onRemove?: (tag: string) => void;
  /** The remove buttons are off (a change is running). */
  removeDisabled?: boolean;
  /** At most this many chips; the rest are counted ("+2 more"), a button that names them. */
  max?: number;
  size?: BadgeProps['size'];
};

/**
 * Tags as chips in a list, read-only or each with its remove button; with `max` the rest are
 * counted by a button whose name lists them (for a screen reader, without opening anything) and
 * which shows them in a popover (for a mouse, a finger or the keyboard). Every tag list of the
 * console: a contact's, a group's, a campaign's, an option's.
 */
export const TagChips = ({
  tags,
  label,
  labelledBy,
  none,
  onRemove,
  removeDisabled = false,
  max,
  size,
}: TagChipsProps) => {
  const { t } = useTranslation();
  if (tags.length === 0) {
    return none === undefined ? null : (
      <Text fz="sm" c="dimmed">
        {none}
      </Text>
    );
  }
  const shown = max === undefined ? tags : tags.slice(0, max);
  const rest = tags.slice(shown.length);
  return (
    <Group
      gap={4}
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={labelledBy ? undefined : (label ?? t('components.tagChips.label'))}
      aria-labelledby={labelledBy}
    >
      {shown.map((tag) => (
        <li key={tag} style={{ minWidth: 0 }}>
          <Badge
            variant="outline"
            color="gray"
            tt="none"
            size={size}
            maw="100%"
            pr={onRemove ? 4 : undefined}
            rightSection={
              onRemove ? (
                <CloseButton
                  size="xs"
                  variant="transparent"
                  onClick={() => onRemove(tag)}
                  disabled={removeDisabled}
                  aria-label={t('components.tagChips.remove', { tag })}
                />
              ) : null
            }
          >
            {tag}
          </Badge>
        </li>
      ))}
      {rest.length > 0 ? (
        <li>
          <MoreTags tags={rest} />
        </li>
      ) : null}
    </Group>
  );
};

/** "+2 more": a button named with the tags it stands for, showing them in a popover. */
const MoreTags = ({ tags }: { tags: readonly string[] }) => {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Popover opened={opened} onDismiss={close} position="bottom-start" shadow="md" returnFocus>
      <Popover.Target>
        <UnstyledButton
          onClick={toggle}
          // The popover holds nothing to focus: Escape on the button closes it.
          onKeyDown={(event) => {
            if (event.key === 'Escape' && opened) {
              event.stopPropagation();
              close();
            }
          }}
          aria-label={t('components.tagChips.moreLabel', { count: tags.length, tags: tags.join(', ') })}
        >
          <Text component="span" fz="xs" c="dimmed" td="underline">
            {t('components.tagChips.more', { count: tags.length })}
          </Text>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown maw={320}>
        <TagChips tags={tags} size="sm" />
      </Popover.Dropdown>
    </Popover>
  );
};

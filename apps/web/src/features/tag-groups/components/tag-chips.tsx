import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A group's (or a contact's) tags as chips, in a list; a dash, or `none`, when there are none. */
export const TagChips = ({
  tags,
  none,
  label,
}: {
  tags: readonly string[];
  none?: string;
  label?: string;
}) => {
  const { t } = useTranslation();
  if (tags.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        {none ?? '—'}
      </Text>
    );
  return (
    <Group
      gap={4}
      component="ul"
      aria-label={label ?? t('tagGroups.tags.label')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {tags.map((tag) => (
        <li key={tag}>
          <Badge variant="light" radius="sm" tt="none">
            {tag}
          </Badge>
        </li>
      ))}
    </Group>
  );
};

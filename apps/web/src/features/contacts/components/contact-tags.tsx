import { Badge, type BadgeProps, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A contact's tags as read-only chips; with `max`, the rest are counted ("+2 more", naming them
 * on hover).
 */
export const ContactTags = ({
  tags,
  max,
  size,
}: {
  tags: readonly string[];
  max?: number;
  /** Smaller chips in a table row. */
  size?: BadgeProps['size'];
}) => {
  const { t } = useTranslation();
  const shown = max === undefined ? tags : tags.slice(0, max);
  const rest = tags.slice(shown.length);
  return (
    <Group gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('contacts.tags')}>
      {shown.map((tag) => (
        <Badge component="li" key={tag} variant="outline" color="gray" tt="none" size={size}>
          {tag}
        </Badge>
      ))}
      {rest.length > 0 ? (
        <Text component="li" fz="xs" c="dimmed" title={rest.join(', ')}>
          {t('contacts.moreTags', { count: rest.length })}
        </Text>
      ) : null}
    </Group>
  );
};

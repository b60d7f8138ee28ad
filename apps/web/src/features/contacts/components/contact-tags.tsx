import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A contact's tags as read-only chips; with `max`, the rest are counted ("+2"). */
export const ContactTags = ({ tags, max }: { tags: readonly string[]; max?: number }) => {
  const { t } = useTranslation();
  const shown = max === undefined ? tags : tags.slice(0, max);
  const more = tags.length - shown.length;
  return (
    <Group gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('contacts.tags')}>
      {shown.map((tag) => (
        <Badge component="li" key={tag} variant="outline" color="gray" tt="none">
          {tag}
        </Badge>
      ))}
      {more > 0 ? (
        <Text component="li" fz="xs" c="dimmed">
          {t('contacts.moreTags', { count: more })}
        </Text>
      ) : null}
    </Group>
  );
};

import { Anchor, Badge, Stack, Text } from '@mantine/core';
import type { Contact } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { memberName } from '@/lib/member-name';

type ContactCellProps = {
  contact: Pick<
    Contact,
    '_id' | 'email' | 'unsubscribed' | 'firstname' | 'lastname' | 'internalFirstname' | 'internalLastname'
  >;
};

/**
 * A contact in a table's primary column: its name (else its address) as a link to its page, the
 * address under a name, and whether it unsubscribed. The contact book's, a list's and a tag
 * group's members.
 */
export const ContactCell = ({ contact: c }: ContactCellProps) => {
  const { t } = useTranslation();
  const name = memberName(c);
  return (
    <Stack gap={2} align="flex-start">
      <Anchor component={Link} to={paths.contact(c._id)} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {name || c.email}
      </Anchor>
      {name ? (
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {c.email}
        </Text>
      ) : null}
      {c.unsubscribed ? (
        <Badge color="orange" variant="light" size="sm">
          {t('components.contactCell.unsubscribed')}
        </Badge>
      ) : null}
    </Stack>
  );
};

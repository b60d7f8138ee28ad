import { Anchor, Group, Text } from '@mantine/core';
import type { CampaignState } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * The campaigns a record (a contact list, a tag group) is linked to, each a link to its campaign,
 * with its state when not running; a dash when there are none.
 */
export const LinkedCampaignLinks = ({
  campaigns,
}: {
  campaigns: readonly { _id: string; title: string; state: CampaignState }[];
}) => {
  const { t } = useTranslation();
  if (campaigns.length === 0) return <Text fz="sm">—</Text>;
  return (
    <Group gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {campaigns.map((c, i) => (
        <li key={c._id}>
          <Anchor component={Link} to={paths.campaign(c._id)} fz="sm">
            {c.title}
          </Anchor>
          {c.state === 'running' ? null : (
            <Text component="span" fz="xs" c="dimmed">
              {' '}
              ({t(`campaigns.state.${c.state}`)})
            </Text>
          )}
          {i < campaigns.length - 1 ? ',' : null}
        </li>
      ))}
    </Group>
  );
};

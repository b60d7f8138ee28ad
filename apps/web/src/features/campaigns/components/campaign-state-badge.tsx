import { Badge } from '@mantine/core';
import type { CampaignState } from '@parley/contract';
import { useTranslation } from 'react-i18next';

const colors: Record<CampaignState, string> = {
  draft: 'gray',
  running: 'teal',
  ended: 'orange',
  archived: 'dark',
};

export const CampaignStateBadge = ({ state }: { state: CampaignState }) => {
  const { t } = useTranslation();
  return (
    // Never cut to "D…" in a narrow table column.
    <Badge color={colors[state]} variant="light" miw="max-content">
      {t(`campaigns.state.${state}`)}
    </Badge>
  );
};

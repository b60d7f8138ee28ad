import { Badge, Tooltip } from '@mantine/core';
import type { InvitationState } from '@parley/contract';
import { useTranslation } from 'react-i18next';

const colors: Record<InvitationState, string> = {
  queued: 'gray',
  sent: 'blue',
  failed: 'red',
  opened: 'violet',
  answered: 'teal',
  unsubscribed: 'orange',
};

/**
 * An invitation's state (queued, sent, failed, opened, answered, unsubscribed). A failed one
 * carries the mail server's refusal as its tooltip; the screens also write it out, for touch and
 * screen readers.
 */
export const InvitationStateBadge = ({ state, error }: { state: InvitationState; error?: string | null }) => {
  const { t } = useTranslation();
  const badge = (
    // Never cut to "Q…" in a narrow table column.
    <Badge color={colors[state]} variant="light" miw="max-content">
      {t(`participants.states.${state}`)}
    </Badge>
  );
  return state === 'failed' && error ? (
    <Tooltip label={error} withArrow multiline w={280}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
};

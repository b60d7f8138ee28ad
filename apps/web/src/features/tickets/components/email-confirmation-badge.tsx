import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A participation stays unconfirmed until the participant opens the link mailed to them. */
export const EmailConfirmationBadge = ({ confirmed }: { confirmed: boolean }) => {
  const { t } = useTranslation();
  return confirmed ? (
    <Badge color="teal" variant="light">
      {t('tickets.confirmed')}
    </Badge>
  ) : (
    <Tooltip label={t('tickets.unconfirmedHint')} withArrow multiline w={260}>
      <Badge color="yellow" variant="light">
        {t('tickets.unconfirmed')}
      </Badge>
    </Tooltip>
  );
};

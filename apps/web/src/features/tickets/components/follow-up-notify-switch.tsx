import { Box, Switch, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Mailed (with one reminder after 3 days) or saved silently, which needs its flag (D8). */
export const FollowUpNotifySwitch = ({
  notify,
  onChange,
  canSilent,
}: {
  notify: boolean;
  onChange: (notify: boolean) => void;
  canSilent: boolean;
}) => {
  const { t } = useTranslation();
  const state = notify ? t('tickets.followUp.notifyOn') : t('tickets.followUp.notifyOff');
  const control = (
    <Switch
      label={t('tickets.followUp.notify')}
      // The reason is part of the description, so a screen reader hears why the switch is off.
      description={canSilent ? state : `${state} ${t('tickets.followUp.silentDisabled')}`}
      checked={notify}
      onChange={(e) => onChange(e.currentTarget.checked)}
      disabled={!canSilent}
    />
  );
  if (canSilent) return control;
  return (
    <Tooltip label={t('tickets.followUp.silentDisabled')} withArrow multiline w={280}>
      <Box w="fit-content">{control}</Box>
    </Tooltip>
  );
};

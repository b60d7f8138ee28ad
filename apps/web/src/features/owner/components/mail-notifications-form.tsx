import { Stack, Switch, Text } from '@mantine/core';
import {
  defaultMailNotifications,
  type HistoryKind,
  historyKindSchema,
  type MailNotifications,
  type OwnerSmall,
} from '@parley/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notifications';
import { useUpdateMe } from '../api/update-me';

/** One switch per history kind, in the contract's order. */
const kinds: readonly HistoryKind[] = historyKindSchema.options;

/**
 * D20: which history entries the owner also gets by mail, one switch per kind, each saved at once
 * (PATCH /api/owner/me `{mailNotifications: {kind: on}}`, only the switch changed). The saved
 * profile is replaced with the answer, like the name's.
 */
export const MailNotificationsForm = ({ owner }: { owner: OwnerSmall }) => {
  const { t } = useTranslation();
  const update = useUpdateMe();
  // What was switched and is on its way: shown at once, the saved profile afterwards.
  const [sending, setSending] = useState<Partial<MailNotifications>>({});
  // A profile saved in this browser before the setting existed has none: the defaults apply.
  const saved = { ...defaultMailNotifications, ...owner.mailNotifications };

  const change = (kind: HistoryKind, on: boolean) => {
    setSending((s) => ({ ...s, [kind]: on }));
    update.mutate(
      { mailNotifications: { [kind]: on } },
      {
        onSuccess: () =>
          notifySuccess({
            id: 'mail-notifications-saved',
            title: t('profile.saved'),
            message: t(on ? 'profile.notifications.savedOn' : 'profile.notifications.savedOff', {
              kind: t(`profile.notifications.kinds.${kind}.label`),
            }),
          }),
        onSettled: () =>
          setSending((s) => {
            const { [kind]: _done, ...rest } = s;
            return rest;
          }),
      },
    );
  };

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t('profile.notifications.intro', { email: owner.email })}
      </Text>
      {kinds.map((kind) => (
        <Switch
          key={kind}
          checked={sending[kind] ?? saved[kind]}
          onChange={(event) => change(kind, event.currentTarget.checked)}
          label={t(`profile.notifications.kinds.${kind}.label`)}
          description={t(`profile.notifications.kinds.${kind}.description`)}
        />
      ))}
    </Stack>
  );
};

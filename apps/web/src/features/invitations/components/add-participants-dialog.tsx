import { Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import type { InviteReport } from '@parley/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckedFor } from '@/components/check-and-send';
import { ContactPicker, useContactPicker } from '@/components/contact-picker';
import { InviteCheckAndSend } from '@/components/invite-report';
import { notifySuccess } from '@/lib/notifications';
import { useContactsToAdd } from '../api/get-contacts-to-add';
import { useAddParticipants } from '../api/participant-mutations';
import { InviteListsForm } from './invite-lists-form';

const pageSize = 10;
/** The contract's limit of contacts per call. */
const contactsMax = 1000;

type Candidate = {
  _id: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  unsubscribed: boolean;
};

type Props = {
  opened: boolean;
  onClose: () => void;
  campaign: { _id: string; title: string; isGroupCampaign?: boolean };
};

const sources = ['contacts', 'lists'] as const;
type Source = (typeof sources)[number];

/**
 * "Add participants": contacts not invited yet, searched and paged, chosen across pages (an
 * unsubscribed address cannot be); "Check" says what inviting them would do (D16), "Send
 * invitations" does it.
 */
export const AddParticipantsDialog = ({ opened, onClose, campaign }: Props) => {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('participants.add.title', { title: campaign.title })}
      size="xl"
    >
      {/* Mounted while open only, so every opening starts afresh. */}
      <ParticipantSource campaign={campaign} onClose={onClose} />
    </Modal>
  );
};

/** Whom to invite: contacts chosen one by one, or whole contact lists. */
const ParticipantSource = ({ campaign, onClose }: Omit<Props, 'opened'>) => {
  const { t } = useTranslation();
  const [source, setSource] = useState<Source>('contacts');
  return (
    <Stack gap="md">
      <SegmentedControl
        role="radiogroup"
        aria-label={t('contactLists.campaign.source')}
        data={sources.map((s) => ({ value: s, label: t(`contactLists.campaign.sources.${s}`) }))}
        value={source}
        onChange={(next) => setSource(sources.find((s) => s === next) ?? 'contacts')}
        fullWidth
      />
      {source === 'contacts' ? (
        <AddParticipantsForm campaign={campaign} onClose={onClose} />
      ) : (
        <InviteListsForm campaign={campaign} onClose={onClose} />
      )}
    </Stack>
  );
};

const AddParticipantsForm = ({ campaign, onClose }: Omit<Props, 'opened'>) => {
  const { t } = useTranslation();
  const picker = useContactPicker<Candidate>({ max: contactsMax });
  const query = useContactsToAdd(campaign._id, {
    page: picker.page,
    limit: pageSize,
    ...(picker.search ? { search: picker.search } : {}),
  });
  const add = useAddParticipants();
  const ids = picker.ids;
  const checked = useCheckedFor<InviteReport>([...ids].sort().join(','));
  const report = checked.result;

  const check = () => {
    if (!picker.attempt()) return;
    add.mutate(
      { campaignId: campaign._id, contacts: ids, callForCheck: true },
      { onSuccess: (r) => checked.keep(r) },
    );
  };
  const send = () => {
    if (!report) return;
    add.mutate(
      { campaignId: campaign._id, contacts: ids, callForCheck: false },
      {
        onSuccess: (done) => {
          notifySuccess({
            title: t('participants.add.doneTitle'),
            message: t('participants.add.doneText', { count: done.invitations, title: campaign.title }),
          });
          onClose();
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('participants.add.text')}
      </Text>
      <ContactPicker
        picker={picker}
        query={query}
        pageSize={pageSize}
        unsubscribedDisabled
        texts={{
          search: t('participants.search'),
          searchPlaceholder: t('participants.searchPlaceholder'),
          table: t('participants.add.label'),
          selectRow: (c) => t('participants.add.select', { email: c.email }),
          selectPage: t('participants.add.selectPage'),
          selected: t('participants.add.selected'),
          contactColumn: t('participants.columns.participant'),
          statusColumn: t('participants.add.status'),
          unsubscribed: t('participants.states.unsubscribed'),
          total: (count) => t('participants.add.total', { count }),
          emptyTitle: t('participants.add.emptyTitle'),
          emptyText: t('participants.add.emptyText'),
          noMatchTitle: t('participants.noMatchTitle'),
          noMatchText: t('participants.noMatchText'),
          tooMany: (count, max) => t('participants.add.tooMany', { count, max }),
          noneChosen: t('participants.add.noneChosen'),
          chosen: (count) => t('participants.add.chosen', { count }),
        }}
      />
      <InviteCheckAndSend
        checked={checked}
        call={add}
        onCancel={onClose}
        onCheck={check}
        checkDisabled={picker.tooMany}
        onSend={send}
      />
    </Stack>
  );
};

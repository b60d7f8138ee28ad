import { Button, Group, Stack, Text } from '@mantine/core';
import { IconEdit, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentLoader } from '@/components/loaders';
import { PageHeader } from '@/components/page-header';
import { BackLink, RecordMissing } from '@/components/record-page';
import { paths } from '@/config/paths';
import { useLeaveAfterDelete } from '@/lib/use-leave-after-delete';
import { useContactList } from '../api/get-contact-list';
import { ContactListFormModal } from './contact-list-form-modal';
import { DeleteContactListDialog } from './delete-contact-list-dialog';
import { InviteToCampaignsDialog } from './invite-to-campaigns-dialog';
import { LinkedCampaigns } from './linked-campaigns';
import { MemberList } from './member-list';

/**
 * /connect/contact-lists/:id: the list's name and description (edit), the group campaigns it is
 * linked to (unlink), inviting it to campaigns, and its members (add, search, remove).
 */
export const ContactListDetails = ({ id }: { id: string }) => {
  const { t } = useTranslation();
  const { data: list, error, isPending } = useContactList(id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [inviting, setInviting] = useState(false);
  const { leave } = useLeaveAfterDelete(paths.contactLists);

  const back = <BackLink to={paths.contactLists}>{t('contactLists.detail.back')}</BackLink>;

  if (isPending) return <ContentLoader />;
  if (!list) {
    return (
      <RecordMissing
        back={back}
        error={error}
        title={t('pages.contactList.title')}
        notFoundTitle={t('contactLists.detail.notFoundTitle')}
        notFoundText={t('contactLists.detail.notFoundText')}
      />
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap="md">
        {back}
        <PageHeader
          title={list.name}
          description={
            <Stack gap={4} component="span">
              <Text component="span" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {list.description || t('contactLists.detail.noDescription')}
              </Text>
              <Text component="span" fz="sm">
                {t('contactLists.memberCount', { count: list.memberCount })}
              </Text>
            </Stack>
          }
          actions={
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconEdit size={16} aria-hidden />}
                onClick={() => setEditing(true)}
              >
                {t('contactLists.detail.edit')}
              </Button>
              <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => setInviting(true)}>
                {t('contactLists.invite.open')}
              </Button>
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setDeleting(true)}
              >
                {t('contactLists.detail.delete')}
              </Button>
            </Group>
          }
        />
      </Stack>
      <LinkedCampaigns list={list} />
      <MemberList list={list} />
      <ContactListFormModal opened={editing} onClose={() => setEditing(false)} list={list} />
      <DeleteContactListDialog
        list={deleting ? list : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => leave()}
      />
      <InviteToCampaignsDialog opened={inviting} onClose={() => setInviting(false)} list={list} />
    </Stack>
  );
};

import { Anchor, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconEdit, IconSend, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
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
  const navigate = useNavigate();
  const { data: list, error, isPending } = useContactList(id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [inviting, setInviting] = useState(false);
  // Set once deleted: the page leaves for the lists.
  const [deleted, setDeleted] = useState(false);
  useEffect(() => {
    if (deleted) navigate(paths.contactLists);
  }, [deleted, navigate]);

  const back = (
    <Anchor component={Link} to={paths.contactLists} fz="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {t('contactLists.detail.back')}
      </Group>
    </Anchor>
  );

  if (isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!list) {
    const missing = isApiError(error) && (error.status === 404 || error.status === 400);
    return (
      <Stack gap="md">
        {back}
        <PageHeader
          title={missing ? t('contactLists.detail.notFoundTitle') : t('pages.contactList.title')}
          description={missing ? t('contactLists.detail.notFoundText') : t('common.loadFailed')}
        />
      </Stack>
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
        onDeleted={() => setDeleted(true)}
      />
      <InviteToCampaignsDialog opened={inviting} onClose={() => setInviting(false)} list={list} />
    </Stack>
  );
};

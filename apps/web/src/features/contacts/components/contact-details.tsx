import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentLoader } from '@/components/loaders';
import { PageHeader } from '@/components/page-header';
import { BackLink, RecordMissing } from '@/components/record-page';
import { paths } from '@/config/paths';
import { notifySuccess } from '@/lib/notifications';
import { useDateFormat } from '@/lib/use-date-format';
import { useLeaveAfterDelete } from '@/lib/use-leave-after-delete';
import { useDeleteContacts } from '../api/delete-contacts';
import { useContact } from '../api/get-contact';
import { contactName } from '../lib/contact-name';
import { ContactCampaigns } from './contact-campaigns';
import { ContactEditForm } from './contact-edit-form';
import { ContactNotes } from './contact-notes';
import { ContactTagsSection } from './contact-tag-actions';
import { DeleteContactsDialog } from './delete-contacts-dialog';

/** A contact's page: details and the owner's edits, tags, notes, campaigns with their answers, deletion. */
export const ContactDetails = ({ id }: { id: string }) => {
  const { t } = useTranslation();
  const { formatDate } = useDateFormat();
  const { data: contact, error, isPending } = useContact(id);
  const remove = useDeleteContacts();
  const [deleting, setDeleting] = useState(false);
  const { deleted, leave } = useLeaveAfterDelete(paths.contacts);

  const back = <BackLink to={paths.contacts}>{t('contacts.detail.back')}</BackLink>;

  if (isPending) return <ContentLoader />;
  if (!contact) {
    return (
      <RecordMissing
        back={back}
        error={error}
        title={t('pages.contact.title')}
        notFoundTitle={t('contacts.detail.notFoundTitle')}
        notFoundText={t('contacts.detail.notFoundText')}
      />
    );
  }

  const name = contactName(contact);
  const given = [contact.firstname, contact.lastname].filter(Boolean).join(' ');

  const confirmDelete = (eraseAnswers: boolean) =>
    remove.mutate(
      { ids: [contact._id], eraseAnswers },
      {
        onSuccess: () => {
          notifySuccess({
            title: t('contacts.delete.doneTitle'),
            message: eraseAnswers
              ? t('contacts.delete.doneErased', { count: 1 })
              : t('contacts.delete.doneKept', { count: 1 }),
          });
          setDeleting(false);
          leave();
        },
      },
    );

  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={name || contact.email}
        description={
          <Stack gap={6} component="span">
            {name ? (
              <Text component="span" style={{ overflowWrap: 'anywhere' }}>
                {contact.email}
              </Text>
            ) : null}
            <Group gap="xs" component="span">
              {contact.kind === 'temp' ? (
                <Badge color="blue" variant="light">
                  {t('contacts.detail.temp')}
                </Badge>
              ) : null}
              {contact.unsubscribed ? (
                <Badge color="orange" variant="light">
                  {t('contacts.unsubscribed')}
                </Badge>
              ) : null}
            </Group>
          </Stack>
        }
        actions={
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setDeleting(true)}
          >
            {t('contacts.detail.delete')}
          </Button>
        }
      />
      {contact.unsubscribed ? (
        <Text fz="sm" c="dimmed">
          {t('contacts.detail.unsubscribedText')}
        </Text>
      ) : null}

      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Text fz="sm">
            <Text component="span" fw={600}>
              {t('contacts.detail.givenName')}:{' '}
            </Text>
            {given || t('contacts.detail.noGivenName')}
          </Text>
          <Text fz="sm">
            <Text component="span" fw={600}>
              {t('contacts.detail.since')}:{' '}
            </Text>
            {formatDate(contact.createdAt)}
          </Text>
          <ContactTagsSection contact={contact} />
          <Stack gap={4}>
            <Text fz="sm" fw={600} id="contact-lists-heading">
              {t('contacts.detail.lists')}
            </Text>
            {contact.lists.length > 0 ? (
              <Group
                gap={4}
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-labelledby="contact-lists-heading"
              >
                {contact.lists.map((list) => (
                  <li key={list._id}>
                    <Badge
                      component={Link}
                      to={paths.contactList(list._id)}
                      variant="light"
                      tt="none"
                      style={{ cursor: 'pointer' }}
                    >
                      {list.name}
                    </Badge>
                  </li>
                ))}
              </Group>
            ) : (
              <Text fz="sm" c="dimmed">
                {t('contacts.detail.noLists')}
              </Text>
            )}
          </Stack>
        </Stack>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <ContactEditForm contact={contact} guard={!deleted} />
      </Paper>

      <Paper withBorder p="md" radius="md">
        <ContactNotes contactId={contact._id} notes={contact.notes} />
      </Paper>

      <Paper withBorder p="md" radius="md">
        <ContactCampaigns campaigns={contact.campaigns} />
      </Paper>

      <DeleteContactsDialog
        opened={deleting}
        count={1}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
};

import { Button, Group, Tabs } from '@mantine/core';
import { IconFileImport, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ContactList } from './contact-list';
import { ImportDialog } from './import-dialog';
import { InviteDialog } from './invite-dialog';
import { TempContactList } from './temp-contact-list';

const tabs = ['contacts', 'invited'] as const;
type Tab = (typeof tabs)[number];

/** The contact book: contacts (people who answered) and the invited who have not answered yet. */
export const ContactsPage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = tabs.find((x) => x === tabParam) ?? 'contacts';
  const [inviting, setInviting] = useState(false);
  const [importing, setImporting] = useState(false);
  const openInvite = () => setInviting(true);
  return (
    <>
      <PageHeader
        title={t('pages.contacts.title')}
        description={t('pages.contacts.description')}
        actions={
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} aria-hidden />}
              onClick={() => setImporting(true)}
            >
              {t('contacts.import.open')}
            </Button>
            <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={openInvite}>
              {t('contacts.invite.open')}
            </Button>
          </Group>
        }
      />
      <Tabs
        value={tab}
        onChange={(next) => {
          if (next) setParams(next === 'contacts' ? {} : { tab: next });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('contacts.page.tabs')} mb="md">
          {tabs.map((x) => (
            <Tabs.Tab key={x} value={x}>
              {t(`contacts.page.${x}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="contacts">
          <ContactList onInvite={openInvite} />
        </Tabs.Panel>
        <Tabs.Panel value="invited">
          <TempContactList onInvite={openInvite} />
        </Tabs.Panel>
      </Tabs>
      <InviteDialog opened={inviting} onClose={() => setInviting(false)} target={{ kind: 'addresses' }} />
      <ImportDialog opened={importing} onClose={() => setImporting(false)} />
    </>
  );
};

import type { ContactList } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { LinkedItems } from '@/components/linked-items';
import { paths } from '@/config/paths';
import { useUnlinkListFromCampaign } from '@/lib/contact-lists';

/**
 * The group campaigns the list is linked to: members who join the list later are invited to the
 * running ones. Unlinking stops that; the invitations already made stay.
 */
export const LinkedCampaigns = ({ list }: { list: ContactList }) => {
  const { t } = useTranslation();
  const unlink = useUnlinkListFromCampaign();
  return (
    <LinkedItems
      title={t('contactLists.campaigns.title')}
      level={2}
      items={list.campaigns}
      none={t('contactLists.campaigns.none')}
      text={t('contactLists.campaigns.text')}
      name={(c) => c.title}
      href={(c) => paths.campaign(c._id)}
      detail={(c) => t(`campaigns.state.${c.state}`)}
      unlinkLabel={(c) => t('contactLists.campaigns.unlinkLabel', { title: c.title })}
      confirmTitle={(title) => t('contactLists.campaigns.unlinkTitle', { title })}
      confirmText={t('contactLists.campaigns.unlinkText', { name: list.name })}
      unlinking={unlink.isPending}
      onUnlink={(campaign, unlinked) => unlink.unlink(campaign, list, unlinked)}
    />
  );
};

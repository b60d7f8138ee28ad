import { useTranslation } from 'react-i18next';
import { LinkedItems } from '@/components/linked-items';
import { paths } from '@/config/paths';
import { useUnlinkListFromCampaign } from '@/lib/contact-lists';

type LinkedList = { _id: string; name: string; memberCount: number };

/**
 * A group campaign's linked contact lists (D11): contacts who join one later are invited while the
 * campaign runs. Unlinking stops that; the invitations already made stay.
 */
export const LinkedLists = ({
  campaign,
  lists,
}: {
  campaign: { _id: string; title: string };
  lists: readonly LinkedList[] | undefined;
}) => {
  const { t } = useTranslation();
  const unlink = useUnlinkListFromCampaign();
  return (
    <LinkedItems
      title={t('contactLists.campaign.linkedTitle')}
      level={3}
      items={lists}
      none={t('contactLists.campaign.noneLinked')}
      name={(l) => l.name}
      href={(l) => paths.contactList(l._id)}
      detail={(l) => t('contactLists.memberCount', { count: l.memberCount })}
      unlinkLabel={(l) => t('contactLists.campaign.unlinkLabel', { name: l.name })}
      confirmTitle={(name) => t('contactLists.campaign.unlinkTitle', { name })}
      confirmText={t('contactLists.campaign.unlinkText', { title: campaign.title })}
      unlinking={unlink.isPending}
      onUnlink={(list, unlinked) => unlink.unlink(campaign, list, unlinked)}
    />
  );
};

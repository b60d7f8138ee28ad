import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { CampaignList } from '@/features/campaigns/components/campaign-list';
import { CreateCampaignModal } from '@/features/campaigns/components/create-campaign-modal';

/** /connect/campaigns — the campaign list with its create form. */
export const CampaignsRoute = () => {
  const { t } = useTranslation();
  const [creating, { open, close }] = useDisclosure(false);
  return (
    <>
      <PageHeader
        title={t('pages.campaigns.title')}
        description={t('pages.campaigns.description')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={open}>
            {t('campaigns.list.newCampaign')}
          </Button>
        }
      />
      <CampaignList onCreate={open} />
      <CreateCampaignModal opened={creating} onClose={close} />
    </>
  );
};

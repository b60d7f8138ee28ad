import { Center, Loader, Modal, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ContentLoader } from '@/components/loaders';
import { PageHeader } from '@/components/page-header';
import { campaignQueryKeys } from '@/features/campaigns/api/campaign-query-keys';
import { useCampaign } from '@/features/campaigns/api/get-campaign';
import { CampaignHeader } from '@/features/campaigns/components/campaign-header';
import { CampaignSettingsForm } from '@/features/campaigns/components/campaign-settings-form';
import { CampaignTagGroupsSection } from '@/features/campaigns/components/campaign-tag-groups-panel';
import { CampaignTagsSection } from '@/features/campaigns/components/campaign-tags-panel';
import { OpenLinkPanel } from '@/features/campaigns/components/open-link-panel';
import { InviteDialog } from '@/features/contacts/components/invite-dialog';
import { useRefreshHistoryOnOpen } from '@/features/history/api/use-refresh-history-on-open';
import { ParticipantsPanel } from '@/features/invitations/components/participants-panel';
import {
  getSurveyPreviewQueryOptions,
  useSurveyPreview,
} from '@/features/participation/api/get-survey-preview';
import { SurveyPreview } from '@/features/participation/components/survey-preview';
import { QuestionEditor } from '@/features/questions/components/question-editor';
import { ResultsPanel } from '@/features/results/components/results-panel';
import { StatisticsPanel } from '@/features/results/components/statistics-panel';
import { TicketList } from '@/features/tickets/components/ticket-list';

const tabs = ['settings', 'questions', 'participants', 'results', 'statistics'] as const;
type Tab = (typeof tabs)[number];

/** The participant's view of the survey, from the preview endpoint, drawn by the survey page's own form. */
const PreviewModal = ({ campaignId, onClose }: { campaignId: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const { data } = useSurveyPreview(campaignId);
  return (
    <Modal opened onClose={onClose} title={t('campaigns.preview.title')} size="lg">
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {t('campaigns.preview.note')}
        </Text>
        <Paper withBorder p="md" radius="md">
          {data ? (
            <SurveyPreview survey={data} />
          ) : (
            <Center p="lg">
              <Loader role="img" aria-label={t('common.loading')} />
            </Center>
          )}
        </Paper>
      </Stack>
    </Modal>
  );
};

/** /connect/campaigns/:id — D10's tabs: settings, questions, participants, results, statistics. */
export const CampaignRoute = () => {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { data: campaign, isPending } = useCampaign(id);
  useRefreshHistoryOnOpen(campaign?._id);
  const [previewing, setPreviewing] = useState(false);
  const tabParam = params.get('tab');
  const tab: Tab = tabs.find((x) => x === tabParam) ?? 'settings';

  if (isPending) return <ContentLoader />;
  if (!campaign) {
    return (
      <PageHeader title={t('campaigns.page.notFoundTitle')} description={t('campaigns.page.notFoundText')} />
    );
  }

  const refreshCampaign = () => void queryClient.invalidateQueries({ queryKey: campaignQueryKeys.all });
  // The preview must show the survey as it is now, not as it was two minutes ago.
  const openPreview = () => {
    void queryClient.invalidateQueries({ queryKey: getSurveyPreviewQueryOptions(id).queryKey });
    setPreviewing(true);
  };

  return (
    <>
      <CampaignHeader campaign={campaign} onPreview={openPreview} />
      <Tabs
        value={tab}
        onChange={(next) => {
          if (next) setParams(next === 'settings' ? {} : { tab: next });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('campaigns.tabs.label')} mb="md">
          {tabs.map((x) => (
            <Tabs.Tab key={x} value={x}>
              {t(`campaigns.tabs.${x}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="settings">
          <Stack gap="md">
            <OpenLinkPanel campaign={campaign} />
            <CampaignSettingsForm campaign={campaign} />
            <CampaignTagsSection campaign={campaign} />
            <CampaignTagGroupsSection campaign={campaign} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="questions">
          <QuestionEditor campaign={campaign} onChanged={refreshCampaign} />
        </Tabs.Panel>
        <Tabs.Panel value="participants">
          <Stack gap="xl">
            <ParticipantsPanel
              campaign={campaign}
              inviteByEmail={({ opened, onClose, onInvited }) => (
                <InviteDialog
                  opened={opened}
                  onClose={onClose}
                  target={{ kind: 'addresses' }}
                  campaign={campaign}
                  onInvited={onInvited}
                />
              )}
            />
            <TicketList campaign={campaign} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="results">
          <ResultsPanel campaign={campaign} />
        </Tabs.Panel>
        <Tabs.Panel value="statistics">
          <StatisticsPanel campaignId={campaign._id} />
        </Tabs.Panel>
      </Tabs>
      {previewing ? <PreviewModal campaignId={campaign._id} onClose={() => setPreviewing(false)} /> : null}
    </>
  );
};

import './campaigns.errors.js';
import { createCampaignsForModules } from './campaigns.for-modules.service.js';
import { createOwnerCampaigns } from './campaigns.owner.service.js';
import { type CampaignServiceDeps, createCampaignEnding } from './campaigns.shared.js';

/**
 * Campaigns (D12): the owner's campaigns (campaigns.owner.service.ts) and what other modules need of a
 * campaign in their transactions (campaigns.for-modules.service.ts), one service behind this factory;
 * what they share (ending a campaign, the row lock, the change guard) is campaigns.shared.ts.
 */
export const createCampaignService = (deps: CampaignServiceDeps) => {
  const { endInTx } = createCampaignEnding(deps.history);
  return {
    ...createOwnerCampaigns({ ...deps, endInTx }),
    // What other modules need of a campaign, handed to them by the composition root.
    ...createCampaignsForModules({ db: deps.db, endInTx }),
  };
};
export type CampaignService = ReturnType<typeof createCampaignService>;

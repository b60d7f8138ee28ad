/**
 * Read-only query: a campaign with what the participant's page needs of its manufacturer.
 * Reads campaigns (campaigns) and manufacturers (owner). Used by the participation service.
 * It never writes and takes no lock (the campaign's row lock is the campaigns module's).
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { campaigns } from '../modules/campaigns/campaigns.tables.js';
import { manufacturers } from '../modules/owner/owner.tables.js';

/** `manufacturerId` scopes it to an owner (the preview); the participant's page has only the id. */
export const findCampaignWithMaker = async (db: DbOrTx, id: string, manufacturerId?: string) => {
  const [row] = await db
    .select({
      campaign: campaigns,
      manufacturer: {
        name: manufacturers.name,
        answerLimitation: manufacturers.answerLimitation,
        isPartner: manufacturers.isPartner,
        privacyUrl: manufacturers.privacyUrl,
        imprintUrl: manufacturers.imprintUrl,
      },
    })
    .from(campaigns)
    .innerJoin(manufacturers, eq(manufacturers.id, campaigns.manufacturerId))
    .where(
      manufacturerId
        ? and(eq(campaigns.id, id), eq(campaigns.manufacturerId, manufacturerId))
        : eq(campaigns.id, id),
    )
    .limit(1);
  return row;
};
export type CampaignWithMaker = NonNullable<Awaited<ReturnType<typeof findCampaignWithMaker>>>;

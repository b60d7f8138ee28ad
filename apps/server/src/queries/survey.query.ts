/**
 * Read-only query: a campaign with what the participant's page needs of its manufacturer.
 * Reads campaigns (campaigns) and manufacturers (owner). Used by the participation service.
 * It never writes and takes no lock (the campaign's row lock is the campaigns module's).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
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

/**
 * What the public survey must read on every request, in one indexed round trip (the campaign by its
 * unique id, its manufacturer by its key): the campaign's content version, which keys the instance's copy
 * of the rest (participation.survey-cache.ts), what its status depends on, and the manufacturer's name and
 * links as they are now. A prepared statement: built once per process, planned once per connection.
 */
export const createSurveyFactsLookup = (db: Db) => {
  const byId = db
    .select({
      contentVersion: campaigns.contentVersion,
      state: campaigns.state,
      openLink: campaigns.openLink,
      ticketCount: campaigns.ticketCount,
      endCondition: campaigns.endCondition,
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
    .where(eq(campaigns.id, sql.placeholder('id')))
    .limit(1)
    .prepare('public_survey_facts');
  return async (id: string) => {
    const [row] = await byId.execute({ id });
    return row;
  };
};
export type SurveyFacts = NonNullable<Awaited<ReturnType<ReturnType<typeof createSurveyFactsLookup>>>>;

/**
 * Read-only query: the rows of a campaign's XLSX export (D23), a keyset page at a time. Reads
 * campaign_tickets (tickets) and contacts (contacts). Used by the results service only. It never writes.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { contacts } from '../modules/contacts/contacts.tables.js';
import { campaignTickets } from '../modules/tickets/tickets.tables.js';
import { type ResultScope, ticketsOf } from './results.query.js';

/** A column of the export's answers: its question, and the texts its options have now (by option id). */
export type ExportColumn = { _id: string; options: Map<string, string> };

/**
 * An answer as the export reads it: its type, whether it was skipped, its value (the text, or the chosen
 * option ids in order), and the options as the participant saw them, sent only where a chosen option is
 * not one of the column's now (the sheet shows the text the participant saw for it).
 */
export type ExportAnswer = [
  type: string,
  skipped: boolean | null,
  value: { text?: string; optionIds?: string[] } | null,
  options: { _id: string; text: string }[] | null,
];

export type ExportRow = {
  id: string;
  /** The creation time as PostgreSQL prints it (microseconds kept): the next page's cursor. */
  key: string;
  /** The creation time as the manufacturer's wall clock, in seconds since 1970-01-01 00:00 of that clock. */
  localSeconds: number;
  ignored: boolean;
  votesUp: number;
  votesDown: number;
  source: string;
  email: string | null;
  firstname: string | null;
  lastname: string | null;
  /** The contact's tags joined by ", ". */
  tags: string | null;
  /** The answers by question id (a later answer to the same question wins, as in a map of them). */
  answers: Record<string, ExportAnswer> | null;
};

/**
 * One page of the export: the scope's tickets after `after` in creation order, each with its contact and
 * only what the sheet shows of its answers (sent as JSON, which the driver parses natively): not the
 * question texts and the options every answer keeps as the participant saw them, unless the sheet needs
 * them. Parsing each ticket's whole answers (about 3.5 KB of JSON) made an export allocate about 40 KB a
 * ticket, 4 GB for 100,000 (bench `results`). The wall clock is PostgreSQL's time zone conversion, the
 * one the results' days use.
 */
export const exportPage = async (
  db: DbOrTx,
  s: ResultScope,
  columns: readonly ExportColumn[],
  after: { key: string; id: string } | null,
  limit: number,
): Promise<ExportRow[]> => {
  const t = campaignTickets;
  // Each column's option ids now, by question: an answer choosing another one brings its options along.
  const known = JSON.stringify(
    Object.fromEntries(
      columns.map((c) => [c._id, Object.fromEntries([...c.options.keys()].map((id) => [id, 1]))]),
    ),
  );
  const result = await db.execute<ExportRow>(sql`
    select ${t.id} as id, ${t.createdAt}::text as key,
      extract(epoch from date_trunc('second', ${t.createdAt} at time zone ${s.timeZone}))::float8
        as "localSeconds",
      ${t.ignored} as ignored, ${t.votesUp} as "votesUp", ${t.votesDown} as "votesDown", ${t.source} as source,
      c.email, c.firstname, c.lastname, array_to_string(c.tags, ', ') as tags,
      (select json_object_agg(v->>'questionId', json_build_array(v->'type', v->'skipped', v->'value',
          case when exists (
            select 1 from jsonb_array_elements_text(v->'value'->'optionIds') o
            where not coalesce((${known}::jsonb->(v->>'questionId')) ? o, false)
          ) then v->'options' end))
        from jsonb_array_elements(${t.answers}) v where v->>'questionId' is not null) as answers
    from ${t}
    left join ${contacts} c on c.id = ${t.contactId}
    where ${ticketsOf(s)}
      ${after ? sql`and (${t.createdAt}, ${t.id}) > (${after.key}::timestamptz, ${after.id}::uuid)` : sql``}
    order by ${t.createdAt}, ${t.id}
    limit ${limit}`);
  return result.rows;
};

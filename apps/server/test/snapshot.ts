import { sql } from 'drizzle-orm';
import type { Runtime } from '../src/runtime.js';

/**
 * A cheap fingerprint of everything a manufacturer owns: per table the row count and an md5 of the
 * rows' text, so any insert, update or delete shows. Rate-limit and sign-in bookkeeping is left out
 * on purpose: a refused request may count against a limit.
 */
export const tenantSnapshot = async (rt: Runtime, manufacturerId: string) => {
  const result = await rt.db.execute(sql`
    with
      c as (select * from campaigns where manufacturer_id = ${manufacturerId}),
      q as (select * from questions where manufacturer_id = ${manufacturerId}),
      o as (select * from question_options where question_id in (select id from q)),
      t as (select * from campaign_tickets where campaign_id in (select id from c)),
      k as (select * from contacts where manufacturer_id = ${manufacturerId}),
      h as (select * from history_entries where manufacturer_id = ${manufacturerId}),
      w as (select * from owners where manufacturer_id = ${manufacturerId}),
      s as (select * from history_seen where owner_id in (select id from w)),
      m as (select * from manufacturers where id = ${manufacturerId}),
      i as (select * from invitations where manufacturer_id = ${manufacturerId}),
      g as (select * from tag_groups where manufacturer_id = ${manufacturerId}),
      l as (select * from tag_group_campaigns where manufacturer_id = ${manufacturerId}),
      x as (select * from tag_changes where manufacturer_id = ${manufacturerId})
    select 'campaigns' as name, count(*)::int as n, md5(coalesce(string_agg(c::text, '|' order by c.id), '')) as hash from c
    union all select 'questions', count(*)::int, md5(coalesce(string_agg(q::text, '|' order by q.id), '')) from q
    union all select 'options', count(*)::int, md5(coalesce(string_agg(o::text, '|' order by o.id), '')) from o
    union all select 'tickets', count(*)::int, md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from t
    union all select 'contacts', count(*)::int, md5(coalesce(string_agg(k::text, '|' order by k.id), '')) from k
    union all select 'history', count(*)::int, md5(coalesce(string_agg(h::text, '|' order by h.id), '')) from h
    union all select 'owners', count(*)::int, md5(coalesce(string_agg(w::text, '|' order by w.id), '')) from w
    union all select 'seen', count(*)::int, md5(coalesce(string_agg(s::text, '|' order by s.entry_id), '')) from s
    union all select 'manufacturer', count(*)::int, md5(coalesce(string_agg(m::text, '|'), '')) from m
    union all select 'invitations', count(*)::int, md5(coalesce(string_agg(i::text, '|' order by i.id), '')) from i
    union all select 'tag groups', count(*)::int, md5(coalesce(string_agg(g::text, '|' order by g.id), '')) from g
    union all select 'tag links', count(*)::int, md5(coalesce(string_agg(l::text, '|' order by l.tag_group_id, l.campaign_id), '')) from l
    union all select 'tag changes', count(*)::int, md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from x
  `);
  return Object.fromEntries(
    (result.rows as { name: string; n: number; hash: string }[]).map((r) => [r.name, `${r.n}:${r.hash}`]),
  );
};

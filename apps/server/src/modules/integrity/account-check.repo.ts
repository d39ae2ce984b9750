import { sql, type SQL } from 'drizzle-orm';
import type { IntegrityRule } from '@portal/contract/integrity';
import { INTEGRITY_JUDGED, statusLiterals } from '../records/record-state.ts';

const judged = () => sql.raw(statusLiterals(INTEGRITY_JUDGED));

export const ACCOUNT_CHECK_RULES = [
  'ACCOUNT_NAME_MISMATCH',
  'ACCOUNT_NOT_FOUND',
  'ACCOUNT_BVN_MISMATCH',
] as const satisfies readonly IntegrityRule[];

/**
 * The account check's rules (issue #36 item 3), in one pass over the tenant's answers
 * (account_checks, written by the account check job in modules/verification). An answer counts only
 * while the judged record still has the bank (as written) and the number it was asked for; the
 * name rule also only while the record has the name the bank's was compared with (a rename waits
 * for the next check). ACCOUNT_NOT_FOUND: the bank knows no such account, or it is CLOSED (the
 * status in the evidence). ACCOUNT_NAME_MISMATCH: FOUND in a name the name matcher judged
 * DIFFERENT (a CLOSE one is kept with its reasons, not flagged). ACCOUNT_BVN_MISMATCH: FOUND with a
 * BVN that is not the record's; a record without a BVN, or a bank that gave none, is not judged.
 * Fingerprints: the account and what the bank said (status; name and the record's name; both
 * BVNs), so a dismissal holds until either side changes. ₦ at stake: the monthly pay.
 */
export function accountCheckHits(t: string, enabled: Record<IntegrityRule, boolean>): SQL {
  const on = (rule: IntegrityRule) => sql`${enabled[rule]}::boolean`;
  return sql`
    with c as materialized (
      select r.id, r.monthly_gross_kobo as kobo, r.search_terms as terms, r.ministry_id, r.department_id,
        r.full_name as record_name, r.bvn as list_bvn,
        a.bank, a.bank_code, a.account_number, a.full_name, a.status, a.account_name, a.account_bvn,
        a.name_verdict, a.name_reasons, a.checked_at
      from account_checks a join records r on r.id = a.record_id
      where a.tenant_id = (select ${t}::uuid) and r.tenant_id = (select ${t}::uuid) and r.status in (${judged()})
        and r.bank = a.bank and r.account_number = a.account_number
        and (a.status <> 'FOUND' or a.name_verdict = 'DIFFERENT' or a.account_bvn is not null)
    ),
    e as (
      select c.*, jsonb_build_object('kind', 'ACCOUNT_CHECK', 'bank', c.bank, 'bankCode', c.bank_code,
        'accountNumber', c.account_number, 'accountStatus', c.status, 'accountName', c.account_name,
        'fullName', c.full_name, 'nameVerdict', c.name_verdict, 'nameReasons', c.name_reasons,
        'checkedAt', to_char(c.checked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) as base
      from c
    )
    select id as record_id, 'ACCOUNT_NOT_FOUND'::text as rule,
      md5(bank || '|' || account_number || '|' || status) as fingerprint,
      base || jsonb_build_object('accountBvn', null, 'listBvn', null) as evidence, kobo, terms, ministry_id, department_id
    from e where ${on('ACCOUNT_NOT_FOUND')} and status in ('NOT_FOUND', 'CLOSED')
    union all
    select id, 'ACCOUNT_NAME_MISMATCH', md5(bank || '|' || account_number || '|' || account_name || '|' || full_name),
      base || jsonb_build_object('accountBvn', null, 'listBvn', null), kobo, terms, ministry_id, department_id
    from e where ${on('ACCOUNT_NAME_MISMATCH')} and status = 'FOUND' and name_verdict = 'DIFFERENT'
      and full_name = record_name
    union all
    select id, 'ACCOUNT_BVN_MISMATCH', md5(bank || '|' || account_number || '|' || account_bvn || '|' || list_bvn),
      base || jsonb_build_object('accountBvn', account_bvn, 'listBvn', list_bvn), kobo, terms, ministry_id, department_id
    from e where ${on('ACCOUNT_BVN_MISMATCH')} and status = 'FOUND' and account_bvn is not null
      and list_bvn is not null and btrim(list_bvn) <> '' and btrim(list_bvn) <> account_bvn`;
}

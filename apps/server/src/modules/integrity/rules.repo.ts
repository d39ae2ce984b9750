import { sql, type SQL } from 'drizzle-orm';
import { REMOVED_IDENTITY_RULE, type IntegrityRule } from '@portal/contract/integrity';
import type { TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { asPlatform } from '../../platform/tenant-context.ts';
import { WHOLE_TENANT_MEMORY } from '../../platform/statement-memory.ts';
import { INTEGRITY_JUDGED, statusLiterals } from '../records/record-state.ts';
import { invalidAccountNumberHits } from './invalid-account-number.repo.ts';
import { ACCOUNT_CHECK_RULES, accountCheckHits } from './account-check.repo.ts';
import { notOnNominalRollHits, notOnPayrollCounts, storeNotOnPayroll } from './not-on-nominal-roll.repo.ts';
import { onAnotherPayrollHits } from './on-another-payroll.repo.ts';
import { paidAfterExitHits } from './paid-after-exit.repo.ts';
import { PAY_ABOVE_SCALE_MEMORY, payAboveScaleHits } from './pay-above-scale.repo.ts';
import { removedIdentityHits } from './removed-identity.repo.ts';

/**
 * The integrity rules in set-based SQL (issue #21), each step one statement over the whole tenant
 * that finds the rule's records (`hits`: record, rule, fingerprint of the evidence, evidence, the
 * record's pay, search terms and posting) and merges them into integrity_flags: an OPEN flag no longer found
 * (or found with other evidence) is removed, a new finding is raised, an OPEN one gets today's
 * evidence; a DISMISSED or CONFIRMED flag of the same fingerprint stays as decided (dismissal
 * memory).
 */

/**
 * Flags raised or cleared, by one step or by several since the last refresh, after which the flags
 * table's statistics are refreshed (IntegrityEvaluator).
 */
export const LARGE_FLAG_CHANGE = 1_000;

/** What a step of the evaluation reads. */
export interface RuleParams {
  /** The day the rules are evaluated as of (YYYY-MM-DD): today in the tenant's time zone. */
  asOf: string;
  retirementAge: number;
  serviceLimitYears: number;
  enabled: Record<IntegrityRule, boolean>;
}

export type StepOutcome = {
  hits: number;
  raised: number;
  cleared: number;
};

/** The records the rules judge: any not removed from the payroll (record-state; one awaiting a second approver too). */
const judged = () => sql.raw(statusLiterals(INTEGRITY_JUDGED));

/**
 * The provider's date of birth of a verified record (found with biometrics), when it is a day of
 * the calendar; the age rules use it before the uploaded one (issue #21). The protocol only checks
 * its shape, so 1980-02-30 is read as no date rather than failing the evaluation.
 */
const PROVIDER_DOB = sql.raw(`case when r.sot_verified
    and (r.sot_data ->> 'dateOfBirth') ~ '^[1-9][0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'
  then case when substr(r.sot_data ->> 'dateOfBirth', 9, 2)::int <= extract(day from
      date_trunc('month', (substr(r.sot_data ->> 'dateOfBirth', 1, 7) || '-01')::date) + interval '1 month - 1 day')
    then (r.sot_data ->> 'dateOfBirth')::date end end`);

const DATE_RULES = [
  'IMPLAUSIBLE_BIRTH_DATE',
  'PAST_RETIREMENT_AGE',
  'UNDERAGE_AT_APPOINTMENT',
  'PAST_SERVICE_LIMIT',
  'FUTURE_APPOINTMENT',
] as const satisfies readonly IntegrityRule[];

const GROUP_RULES = [
  'SHARED_BANK_ACCOUNT',
  'DUPLICATE_BVN',
  'DUPLICATE_NIN',
] as const satisfies readonly IntegrityRule[];

type GroupRule = (typeof GROUP_RULES)[number];

/**
 * The steps of an evaluation, in order: the date rules in one pass, then the group rules in one
 * (groupRules), then the records sharing an identity with a removed one (removed-identity.repo.ts),
 * the records paid above
 * the salary table (pay-above-scale.repo.ts), the records paid after their exit on the separations
 * list (paid-after-exit.repo.ts), then the records missing from their ministry's nominal roll
 * (not-on-nominal-roll.repo.ts), then the account numbers that fail their bank's NUBAN check digit
 * (invalid-account-number.repo.ts), then the account check's answers (account-check.repo.ts),
 * then the records whose identifiers are on another tenant's payroll (on-another-payroll.repo.ts).
 */
export const RULE_STEPS = [
  DATE_RULES,
  GROUP_RULES,
  ['SHARES_REMOVED_IDENTITY'],
  ['PAY_ABOVE_SCALE'],
  ['PAID_AFTER_EXIT'],
  ['NOT_ON_NOMINAL_ROLL'],
  ['INVALID_ACCOUNT_NUMBER'],
  ACCOUNT_CHECK_RULES,
  ['ON_ANOTHER_PAYROLL'],
] as const satisfies readonly (readonly IntegrityRule[])[];

/**
 * The steps whose rules read other tenants' records (the cross-tenant index): all another tenant's
 * change can alter, so all a run asked for by such a change evaluates (DECISIONS 273).
 */
export const CROSS_TENANT_STEPS = stepsOf(['ON_ANOTHER_PAYROLL']);

/** The steps of RULE_STEPS that evaluate any of `rules`, in RULE_STEPS' order. */
export function stepsOf(rules: readonly IntegrityRule[]): (typeof RULE_STEPS)[number][] {
  return RULE_STEPS.filter((step) => (step as readonly IntegrityRule[]).some((r) => rules.includes(r)));
}

/** The rules whose statements read the tenant's bank names (the bank each means). */
const READS_BANKS: readonly IntegrityRule[] = [
  'SHARED_BANK_ACCOUNT',
  REMOVED_IDENTITY_RULE,
  'INVALID_ACCOUNT_NUMBER',
];

/** Whether a step's statements read the tenant's bank names (its run reads them beside the first steps). */
export const readsBanks = (step: readonly IntegrityRule[]): boolean =>
  step.some((r) => READS_BANKS.includes(r));

const ruleList = (rules: readonly IntegrityRule[]) => sql.raw(rules.map((r) => `'${r}'`).join(', '));

/**
 * The step's findings, written once into a temporary table of the step's transaction (dropped at
 * its commit): the merge's statements below read them with the planner knowing how many there
 * are. Held in a CTE, they were estimated at one row whatever their number, and the merge paired
 * each OPEN flag with every finding in a nested loop (8,491 × 8,491 for PAY_ABOVE_SCALE at
 * 1,000,000 records).
 */
const stepHits = (hits: SQL) => sql`
  create temporary table integrity_step_hits on commit drop as
  select record_id, rule, fingerprint, evidence, kobo, terms, ministry_id, department_id from (${hits}) h`;

/**
 * Merges the step's findings (integrity_step_hits) into the tenant's flags of `rules`, touching only
 * what changed: an OPEN flag no longer found (or found with other evidence) is removed, a finding
 * with no flag of its fingerprint is raised, an OPEN flag whose evidence, pay, search terms or
 * posting differ from today's gets them. A finding whose flag is already as found (or decided) is left
 * alone: a run that finds what the last one found writes no row. (Before, every finding went to
 * INSERT … ON CONFLICT, whose DO UPDATE locks the existing row even when its WHERE then declines to
 * update it: a row lock, a dirtied page and its WAL per flag, every run.) A flag carries its
 * record's search terms (migration 0036, the flags list's search): written when it is raised, and
 * refreshed on an OPEN flag whose copy differs from the terms the step's scan read. What is written
 * is read again from the record, by its key, in the merge's own statement: a record renamed (or
 * its Work ID changed, by whatever writer) between the step's scan and its merge, whose flag the
 * records' trigger has already rewritten, differs from its finding and would otherwise get the old
 * terms back until some later run (DECISIONS 278). Only the findings that differ are read again
 * (a run that finds what the last one found reads none), and one whose record is gone raises
 * nothing. `changed` is materialized for that: inlined, the planner tested the read's result on
 * every finding before the anti-join that keeps those that differ (81,599 index probes into the
 * records, a second of PAID_AFTER_EXIT's step, in a run that changed nothing; DECISIONS 297). A
 * flag also carries its record's ministry and department as the step's scan read them (migration
 * 0062), like its pay: the figures the run ends with are summed from the flags alone (DECISIONS 301).
 */
function merge(t: string, rules: readonly IntegrityRule[]): SQL {
  return sql`
    with cleared as (
      delete from integrity_flags f
      where f.tenant_id = ${t} and f.status = 'OPEN' and f.rule in (${ruleList(rules)})
        and not exists (select 1 from integrity_step_hits h
          where h.record_id = f.record_id and h.rule = f.rule and h.fingerprint = f.fingerprint)
      returning 1
    ),
    changed as materialized (
      select h.* from integrity_step_hits h
      where not exists (select 1 from integrity_flags f
        where f.tenant_id = ${t} and f.rule in (${ruleList(rules)}) and f.record_id = h.record_id
          and f.rule = h.rule and f.fingerprint = h.fingerprint
          and (f.status <> 'OPEN' or (f.evidence, f.monthly_kobo, f.search_terms, f.ministry_id, f.department_id)
            is not distinct from (h.evidence, h.kobo, h.terms, h.ministry_id, h.department_id)))
    ),
    fresh as (
      select * from (select c.record_id, c.rule, c.fingerprint, c.evidence, c.kobo, c.ministry_id, c.department_id,
          (select r.search_terms from records r where r.id = c.record_id) as terms
        from changed c) c
      where c.terms is not null
    ),
    raised as (
      insert into integrity_flags (tenant_id, record_id, rule, fingerprint, evidence, monthly_kobo, search_terms,
        ministry_id, department_id)
      select ${t}, record_id, rule, fingerprint, evidence, kobo, terms, ministry_id, department_id from fresh
      on conflict (tenant_id, record_id, rule, fingerprint)
        do update set evidence = excluded.evidence, monthly_kobo = excluded.monthly_kobo,
          search_terms = excluded.search_terms, ministry_id = excluded.ministry_id,
          department_id = excluded.department_id
        where integrity_flags.status = 'OPEN'
          and (integrity_flags.evidence, integrity_flags.monthly_kobo, integrity_flags.search_terms,
              integrity_flags.ministry_id, integrity_flags.department_id)
            is distinct from (excluded.evidence, excluded.monthly_kobo, excluded.search_terms,
              excluded.ministry_id, excluded.department_id)
      returning (xmax = 0) as inserted
    )
    select (select count(*)::int from integrity_step_hits) as hits,
      (select count(*)::int from raised where inserted) as raised,
      (select count(*)::int from cleared) as cleared`;
}

/**
 * PAST_RETIREMENT_AGE (the retirement age or older as of the day), UNDERAGE_AT_APPOINTMENT
 * (younger than 18 on the day of the first appointment), IMPLAUSIBLE_BIRTH_DATE (before 1920 or
 * after the day; such a record is not judged by the two age rules) and PAST_SERVICE_LIMIT (the
 * service limit or more since the first appointment) and FUTURE_APPOINTMENT (first appointed
 * after the day, issue #35: the day itself is not the future), in one pass over the tenant's
 * records. Fingerprints: the dates the rule used.
 */
function dateRules(t: string, p: RuleParams): SQL {
  const d = sql`${p.asOf}::date`;
  const retiredBorn = sql`(${d} - make_interval(years => ${p.retirementAge}::int))::date`;
  const serviceSince = sql`(${d} - make_interval(years => ${p.serviceLimitYears}::int))::date`;
  const on = (rule: IntegrityRule) => sql`${p.enabled[rule]}::boolean`;
  return sql`
    with c as (
      select x.*, x.bd is not null and (x.bd < date '1920-01-01' or x.bd > ${d}) as implausible
      from (
        select r.id, r.monthly_gross_kobo as kobo, r.search_terms as terms, r.ministry_id, r.department_id,
          r.date_of_first_appointment as dofa,
          coalesce(${PROVIDER_DOB}, r.date_of_birth) as bd,
          case when ${PROVIDER_DOB} is not null then 'PROVIDER' else 'UPLOAD' end as src
        from records r
        where r.tenant_id = (select ${t}::uuid) and r.status in (${judged()})
      ) x
      -- Only the records some date rule finds go on (a handful of a million).
      where x.bd < date '1920-01-01' or x.bd > ${d} or x.bd <= ${retiredBorn}
        or x.dofa <= ${serviceSince} or x.dofa < (x.bd + interval '18 years')::date or x.dofa > ${d}
    )
    select id as record_id, 'IMPLAUSIBLE_BIRTH_DATE'::text as rule, md5(bd::text) as fingerprint,
      jsonb_build_object('kind', 'BIRTH_DATE', 'dateOfBirth', bd, 'dateOfBirthSource', src,
        'problem', case when bd < date '1920-01-01' then 'BEFORE_1920' else 'IN_FUTURE' end,
        'asOf', ${p.asOf}::text) as evidence, kobo, terms, ministry_id, department_id
    from c where ${on('IMPLAUSIBLE_BIRTH_DATE')} and implausible
    union all
    select id, 'PAST_RETIREMENT_AGE', md5(bd::text),
      jsonb_build_object('kind', 'AGE', 'dateOfBirth', bd, 'dateOfBirthSource', src,
        'age', extract(year from age(${d}, bd))::int, 'asOf', ${p.asOf}::text,
        'retirementAge', ${p.retirementAge}::int), kobo, terms, ministry_id, department_id
    from c where ${on('PAST_RETIREMENT_AGE')} and not implausible and bd <= ${retiredBorn}
    union all
    select id, 'UNDERAGE_AT_APPOINTMENT', md5(bd::text || '|' || dofa::text),
      jsonb_build_object('kind', 'APPOINTMENT_AGE', 'dateOfBirth', bd, 'dateOfBirthSource', src,
        'dateOfFirstAppointment', dofa, 'ageAtAppointment', greatest(extract(year from age(dofa, bd))::int, 0)),
      kobo, terms, ministry_id, department_id
    from c where ${on('UNDERAGE_AT_APPOINTMENT')} and not implausible and dofa < (bd + interval '18 years')::date
    union all
    select id, 'PAST_SERVICE_LIMIT', md5(dofa::text),
      jsonb_build_object('kind', 'SERVICE', 'dateOfFirstAppointment', dofa,
        'yearsOfService', extract(year from age(${d}, dofa))::int, 'asOf', ${p.asOf}::text,
        'serviceLimit', ${p.serviceLimitYears}::int), kobo, terms, ministry_id, department_id
    from c where ${on('PAST_SERVICE_LIMIT')} and dofa <= ${serviceSince}
    union all
    select id, 'FUTURE_APPOINTMENT', md5(dofa::text),
      jsonb_build_object('kind', 'APPOINTMENT_DATE', 'dateOfFirstAppointment', dofa,
        'asOf', ${p.asOf}::text), kobo, terms, ministry_id, department_id
    from c where ${on('FUTURE_APPOINTMENT')} and dofa > ${d}`;
}

/** What each group rule groups by, as the evidence names it. */
const GROUP_FIELD: Record<GroupRule, string> = {
  SHARED_BANK_ACCOUNT: 'BANK_ACCOUNT',
  DUPLICATE_BVN: 'BVN',
  DUPLICATE_NIN: 'NIN',
};

/** The group rules' hashes of a million values counted by sorting them (groupRules). */
const GROUP_RULES_SORTED = sql`set local enable_hashagg = off`;

/**
 * The group rules: the same value (bank and account number, BVN, NIN) on more than one judged
 * record; every record of the group is flagged, with the group's size and its other records (the
 * first 20 by PSN). Fingerprint: the value and every member, so a record joining or leaving the
 * group raises the flag again. `banks` maps each bank name of the tenant to the bank it means (a
 * record whose bank it does not know shares no account). `on`: the rules switched on; the others
 * find nothing.
 *
 * One pass over the tenant's records for the three (DECISIONS 300): each judged record's id and
 * its three values, held in the statement's memory (about 70 bytes a record), then each value's
 * groups counted there and their members read back from the records by key. Each rule in a step
 * of its own read the records twice (once to count the groups, once for their members): six passes
 * over the heap where one does.
 */
function groupRules(t: string, on: readonly GroupRule[], banks: Record<string, string>): SQL {
  const is = (rule: GroupRule) => sql`${on.includes(rule)}::boolean`;
  return sql`
    with x as materialized (
      select r.id, case when ${is('SHARED_BANK_ACCOUNT')} then b.bank_key || ':' || r.account_number end as acct,
        case when ${is('DUPLICATE_BVN')} then r.bvn end as bvn,
        case when ${is('DUPLICATE_NIN')} then r.nin end as nin
      from records r left join jsonb_each_text(${JSON.stringify(banks)}::jsonb) b(name, bank_key) on b.name = r.bank
      where r.tenant_id = (select ${t}::uuid) and r.status in (${judged()})
    ),
    -- The values given more than once, first by a 64-bit hash of each (a sort of a million integers,
    -- where a hash table of a million strings took twice as long); a hash two values share makes
    -- a group of one, which groups drops.
    twice as (
      select 'SHARED_BANK_ACCOUNT'::text as rule, h from (
        select hashtextextended(acct, 0) as h from x where acct is not null) a group by h having count(*) > 1
      union all
      select 'DUPLICATE_BVN', h from (
        select hashtextextended(bvn, 0) as h from x where bvn is not null) a group by h having count(*) > 1
      union all
      select 'DUPLICATE_NIN', h from (
        select hashtextextended(nin, 0) as h from x where nin is not null) a group by h having count(*) > 1
    ),
    members as materialized (
      select x.id, 'SHARED_BANK_ACCOUNT'::text as rule, x.acct as k from x
      where hashtextextended(x.acct, 0) in (select h from twice where rule = 'SHARED_BANK_ACCOUNT')
      union all
      select x.id, 'DUPLICATE_BVN', x.bvn from x
      where hashtextextended(x.bvn, 0) in (select h from twice where rule = 'DUPLICATE_BVN')
      union all
      select x.id, 'DUPLICATE_NIN', x.nin from x
      where hashtextextended(x.nin, 0) in (select h from twice where rule = 'DUPLICATE_NIN')
    ),
    -- Each member's record read by its key (a few thousand of a million).
    m as (
      select g.rule, g.k, r.id, r.psn, r.full_name, r.kobo, r.terms, r.ministry_id, r.department_id,
        case when g.rule = 'SHARED_BANK_ACCOUNT' then r.account_number else g.k end as v,
        case when g.rule = 'SHARED_BANK_ACCOUNT' then r.bank end as bank
      from members g cross join lateral (
        select r.id, r.psn, r.full_name, r.monthly_gross_kobo as kobo, r.search_terms as terms, r.ministry_id,
          r.department_id, r.account_number, r.bank
        from records r where r.id = g.id offset 0) r
    ),
    groups as (
      select rule, k, count(*)::int as n, md5(k || '|' || string_agg(id::text, ',' order by id)) as fp,
        (array_agg(jsonb_build_object('recordId', id, 'psn', psn, 'fullName', full_name)
          order by psn nulls last, id))[1:21] as firsts
      from m group by rule, k having count(*) > 1
    )
    select m.id as record_id, m.rule, gr.fp as fingerprint,
      jsonb_build_object('kind', 'GROUP', 'field', ${JSON.stringify(GROUP_FIELD)}::jsonb ->> m.rule, 'bank', m.bank,
        'accountNumber', case when m.rule = 'SHARED_BANK_ACCOUNT' then m.v end,
        'value', m.v, 'groupSize', gr.n,
        'others', (select coalesce(jsonb_agg(e), '[]'::jsonb)
          from (select e from unnest(gr.firsts) e where e ->> 'recordId' <> m.id::text limit 20) o)) as evidence,
      m.kobo, m.terms, m.ministry_id, m.department_id
    from m join groups gr on gr.rule = m.rule and gr.k = m.k`;
}

/** A step of RULE_STEPS that runStep has no statement for: a programming error, not a finding. */
function unknownStep(rules: readonly IntegrityRule[]): never {
  throw new Error(`no statement for the step ${rules.join(', ')}`);
}

/** Where the rules' statements run: each step is one statement, in a transaction of its own. */
export class RulesRepo {
  constructor(private readonly orm: Orm) {}

  /** The tenant's bank names as written (a few dozen), for the bank each means. */
  async bankNames(scope: TenantScope): Promise<string[]> {
    const result = await this.orm.execute<{ bank: string }>(sql`
      select distinct r.bank from records r
      where r.tenant_id = (select ${scope.tenantId}::uuid) and r.bank is not null and r.account_number is not null`);
    return result.rows.map((r) => r.bank);
  }

  /**
   * Runs one step of `rules`: a rule switched off only clears its OPEN flags. A hash of the whole
   * tenant's values wants more memory than a query's default: the step's transaction gets it.
   * `bankMap`: each bank name of the tenant mapped to the bank it means, awaited only by the steps
   * that read it.
   */
  async runStep(
    scope: TenantScope,
    rules: readonly IntegrityRule[],
    p: RuleParams,
    bankMap: Promise<Record<string, string>>,
  ): Promise<StepOutcome> {
    const t = scope.tenantId;
    const on = rules.filter((r) => p.enabled[r]);
    const banks = readsBanks(on) ? await bankMap : {};
    const isGroupStep = (GROUP_RULES as readonly IntegrityRule[]).includes(rules[0]!);
    const hits =
      on.length === 0
        ? sql`select null::uuid as record_id, null::text as rule, null::text as fingerprint, null::jsonb as evidence,
            null::bigint as kobo, null::tsvector as terms, null::uuid as ministry_id,
            null::uuid as department_id where false`
        : (DATE_RULES as readonly IntegrityRule[]).includes(rules[0]!)
          ? dateRules(t, p)
          : isGroupStep
            ? groupRules(t, on as GroupRule[], banks)
            : rules[0] === REMOVED_IDENTITY_RULE
              ? removedIdentityHits(t, banks, null)
              : rules[0] === 'PAY_ABOVE_SCALE'
                ? payAboveScaleHits(t)
                : rules[0] === 'PAID_AFTER_EXIT'
                  ? paidAfterExitHits(t, p.asOf)
                  : rules[0] === 'NOT_ON_NOMINAL_ROLL'
                    ? notOnNominalRollHits(t)
                    : rules[0] === 'INVALID_ACCOUNT_NUMBER'
                      ? invalidAccountNumberHits(t, banks)
                      : (ACCOUNT_CHECK_RULES as readonly IntegrityRule[]).includes(rules[0]!)
                        ? accountCheckHits(t, p.enabled)
                        : rules[0] === 'ON_ANOTHER_PAYROLL'
                          ? onAnotherPayrollHits(t)
                          : unknownStep(rules);
    const step = () =>
      this.orm.transaction(async (tx) => {
        await tx.execute(WHOLE_TENANT_MEMORY);
        if (rules[0] === 'PAY_ABOVE_SCALE') await tx.execute(PAY_ABOVE_SCALE_MEMORY);
        if (isGroupStep) await tx.execute(GROUP_RULES_SORTED);
        await tx.execute(stepHits(hits));
        // The merge hashes the step's flags against its findings, whatever the flags table's
        // statistics say. A step planned beside another that had just raised many flags (two run
        // at once) took the table for empty and paired every finding with a scan of it: 46,001
        // findings × 88,000 flags, 665 s (bench:accounts, DECISIONS 290).
        await tx.execute(sql`set local enable_nestloop = off`);
        const result = await tx.execute<StepOutcome>(merge(t, rules));
        return result.rows[0]!;
      });
    // The cross-tenant index is the platform's (row-level security): its step reads it as the
    // platform, its statements naming the tenant whose flags they write (issue #36 item 4).
    const outcome = rules[0] === 'ON_ANOTHER_PAYROLL' ? await asPlatform(step) : await step();
    // The rolls' other direction (issue #35), counted whether the rule is on or not.
    if (rules[0] === 'NOT_ON_NOMINAL_ROLL')
      await this.orm.transaction(async (tx) => {
        await tx.execute(WHOLE_TENANT_MEMORY);
        const counts = await tx.execute<{ ministry_key: string; n: number }>(notOnPayrollCounts(t));
        await tx.execute(storeNotOnPayroll(t, counts.rows));
      });
    return outcome;
  }

  /** Fresh planner statistics of the flags table, as its owner (portal_analyze, migration 0033). */
  async analyzeFlags(): Promise<void> {
    await this.orm.execute(sql`select portal_analyze('integrity_flags')`);
  }
}

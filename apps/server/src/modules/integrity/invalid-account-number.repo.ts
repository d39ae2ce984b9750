import { sql, type SQL } from 'drizzle-orm';
import { codeWeight } from '@portal/contract/nuban';
import { INTEGRITY_JUDGED, statusLiterals } from '../records/record-state.ts';
import { cbnBankOf } from './bank-key.ts';

const judged = () => sql.raw(statusLiterals(INTEGRITY_JUDGED));

/** What the rule needs of a bank name the table knows: its CBN name and codes, each code's weight. */
export interface CheckedBank {
  bankName: string;
  code: string;
  /** codeWeight of each of the bank's codes (the contract's nuban.ts), its own first. */
  weights: number[];
}

/**
 * The tenant's bank names (as written) that INVALID_ACCOUNT_NUMBER can judge: those whose bank the
 * table (cbn-banks.csv) knows and whose numbers carry the check digit. A name it does not know is
 * left out: the rule cannot judge its numbers, so it raises nothing for them.
 */
export function checkedBanks(banks: Record<string, string>): Record<string, CheckedBank> {
  const out: Record<string, CheckedBank> = {};
  for (const [name, key] of Object.entries(banks)) {
    const bank = cbnBankOf(key);
    if (!bank?.checkDigit) continue;
    out[name] = { bankName: bank.name, code: bank.codes[0]!, weights: bank.codes.map(codeWeight) };
  }
  return out;
}

/** The serial's part of the weighted sum (digits 1–9, weights 3,7,3,…), in SQL: the contract's serialWeight. */
const SERIAL_WEIGHT = sql.raw(
  [3, 7, 3, 3, 7, 3, 3, 7, 3].map((w, i) => `${w} * substr(c.acct, ${i + 1}, 1)::int`).join(' + '),
);

/**
 * INVALID_ACCOUNT_NUMBER (issue #36 item 1): a judged record whose account number cannot be a NUBAN
 * of the bank it names: not 10 characters, not digits, or a check digit that none of the bank's
 * CBN codes gives (nuban.ts). The sum splits into the code's part (a constant per bank: `weights`,
 * computed once in TypeScript) and the serial's part (nine digits, computed here once per record),
 * so a record costs a few substrings and additions and no subquery: the number passes when the code
 * weight it needs, (10 − (serial + check digit) mod 10) mod 10, is one of its bank's. Records of a
 * bank the table does not know never reach the join. Fingerprint: the bank as written and the number,
 * so a dismissal holds until either is corrected. ₦ at stake: the monthly pay.
 */
export function invalidAccountNumberHits(t: string, banks: Record<string, string>): SQL {
  const checked = checkedBanks(banks);
  return sql`
    with banks as materialized (
      select b.name, b.v ->> 'bankName' as bank_name, b.v ->> 'code' as code,
        array(select jsonb_array_elements_text(b.v -> 'weights')::int) as weights
      from jsonb_each(${JSON.stringify(checked)}::jsonb) b(name, v)
    ),
    c as (
      select r.id, r.bank, r.account_number as acct, r.monthly_gross_kobo as kobo, b.bank_name, b.code, b.weights
      from records r join banks b on b.name = r.bank
      where r.tenant_id = (select ${t}::uuid) and r.status in (${judged()}) and r.account_number is not null
    ),
    x as (
      select c.*,
        case when c.acct !~ '^[0-9]*$' then 'NOT_DIGITS' when length(c.acct) <> 10 then 'LENGTH' end as format,
        case when c.acct ~ '^[0-9]{10}$' then ${SERIAL_WEIGHT} end as serial
      from c
    ),
    bad as materialized (
      select x.*, coalesce(x.format, 'CHECK_DIGIT') as problem from x
      where x.format is not null
        or not ((10 - (x.serial + right(x.acct, 1)::int) % 10) % 10 = any(x.weights))
    )
    select b.id as record_id, 'INVALID_ACCOUNT_NUMBER'::text as rule,
      md5(b.bank || '|' || b.acct) as fingerprint,
      jsonb_build_object('kind', 'ACCOUNT_NUMBER', 'bank', b.bank, 'bankName', b.bank_name, 'bankCode', b.code,
        'accountNumber', b.acct, 'problem', b.problem,
        'length', case when b.problem = 'LENGTH' then length(b.acct) end,
        'expectedCheckDigit', case when b.problem = 'CHECK_DIGIT' then (10 - (b.weights[1] + b.serial) % 10) % 10 end,
        'actualCheckDigit', case when b.problem = 'CHECK_DIGIT' then right(b.acct, 1)::int end) as evidence,
      b.kobo,
      -- The search terms and posting of the few found, each read by its key.
      k.terms, k.ministry_id, k.department_id
    from bad b
    left join lateral (
      select r.search_terms as terms, r.ministry_id, r.department_id from records r where r.id = b.id offset 0
    ) k on true`;
}

import fs from 'node:fs';
import { parse } from 'csv-parse/sync';

/**
 * Which bank a master list's bank name means, so that 'GTBank', 'Guaranty Trust Bank Plc' and
 * 'GTB' are one bank for SHARED_BANK_ACCOUNT (issue #21): an account number (NUBAN) is unique only
 * within its bank. Names are folded (case, punctuation, 'Plc', 'Limited', 'Nigeria', 'Bank'), then
 * the usual names of the banks that pay Nigerian civil servants map to one key (cbn-banks.csv, with
 * each bank's CBN codes for INVALID_ACCOUNT_NUMBER, issue #36); any other name is its folded self. Keys are never shown: the evidence shows the bank as each record spells it.
 */

const FILLER =
  /\b(plc|limited|ltd|nigeria|nig|ng|bank|banks|of|the|and|for|co|company|mfb|microfinance|psb)\b/g;

/** A bank of the table: its key, CBN name and codes, and whether its numbers carry the NUBAN check digit. */
export interface CbnBank {
  key: string;
  name: string;
  /** Its CBN codes, the first its own (a bank that took another over keeps the other's code too). */
  codes: string[];
  /** False for institutions whose numbers INVALID_ACCOUNT_NUMBER does not judge (the note says why). */
  checkDigit: boolean;
  /** The folded forms of the names and abbreviations in use. */
  names: string[];
}

/**
 * The banks that pay Nigerian civil servants (cbn-banks.csv, data: one row a bank, with the codes
 * of the CBN's list), read once.
 */
export const CBN_BANKS: readonly CbnBank[] = (
  parse(fs.readFileSync(new URL('./cbn-banks.csv', import.meta.url)), {
    columns: true,
    skip_empty_lines: true,
  }) as Record<string, string>[]
).map((row) => ({
  key: row.key!,
  name: row.name!,
  codes: row.cbn_codes!.split(/\s+/),
  checkDigit: row.check_digit === 'yes',
  names: row.names!.split(/\s+/),
}));

const BY_KEY = new Map(CBN_BANKS.map((b) => [b.key, b]));

/** The table's bank of a key (bankKeyOf), or undefined for a name the table does not know. */
export const cbnBankOf = (key: string): CbnBank | undefined => BY_KEY.get(key);

const BY_FOLDED = new Map(CBN_BANKS.flatMap((b) => b.names.map((n) => [n, b.key])));

/** The folded form of a bank name: lower case, letters and digits only, without filler words. */
export function foldBankName(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(FILLER, ' ')
    .replace(/\s+/g, '');
}

/** The bank a name means: a known bank's key, else the folded name; null for a blank one. */
export function bankKeyOf(name: string | null | undefined): string | null {
  if (!name) return null;
  const folded = foldBankName(name);
  if (!folded) return null;
  return BY_FOLDED.get(folded) ?? folded;
}

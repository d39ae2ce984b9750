/**
 * Which bank a master list's bank name means, so that 'GTBank', 'Guaranty Trust Bank Plc' and
 * 'GTB' are one bank for SHARED_BANK_ACCOUNT (issue #21): an account number (NUBAN) is unique only
 * within its bank. Names are folded (case, punctuation, 'Plc', 'Limited', 'Nigeria', 'Bank'), then
 * the usual names of the banks that pay Nigerian civil servants map to one key; any other name is
 * its folded self. Keys are never shown: the evidence shows the bank as each record spells it.
 */

const FILLER =
  /\b(plc|limited|ltd|nigeria|nig|ng|bank|banks|of|the|and|for|co|company|mfb|microfinance|psb)\b/g;

/** Folded name → bank (the folded forms of the names and abbreviations in use). */
const KNOWN: Record<string, readonly string[]> = {
  access: ['access', 'accessdiamond', 'diamond'],
  citibank: ['citi', 'citibank'],
  ecobank: ['eco', 'ecobank'],
  fidelity: ['fidelity', 'fbl'],
  firstbank: ['first', 'firstbank', 'fbn', 'fbnholdings'],
  fcmb: ['fcmb', 'firstcitymonument', 'firstcitymonumentbank'],
  globus: ['globus'],
  gtb: ['gtb', 'gtbank', 'gtco', 'guarantytrust', 'guarantytrustholding', 'guarantytrustholdingcompany'],
  heritage: ['heritage'],
  jaiz: ['jaiz'],
  keystone: ['keystone'],
  kuda: ['kuda'],
  lotus: ['lotus'],
  moniepoint: ['moniepoint'],
  opay: ['opay', 'paycom'],
  optimus: ['optimus'],
  palmpay: ['palmpay'],
  parallex: ['parallex'],
  polaris: ['polaris', 'skye'],
  premiumtrust: ['premiumtrust'],
  providus: ['providus'],
  signature: ['signature'],
  stanbic: ['stanbic', 'stanbicibtc', 'ibtc'],
  standardchartered: ['standardchartered', 'scb'],
  sterling: ['sterling'],
  suntrust: ['suntrust'],
  taj: ['taj', 'tajbank'],
  titantrust: ['titan', 'titantrust'],
  uba: ['uba', 'unitedafrica'],
  union: ['union', 'ubn'],
  unity: ['unity'],
  wema: ['wema', 'alat', 'alatbywema'],
  zenith: ['zenith'],
};

const BY_FOLDED = new Map(Object.entries(KNOWN).flatMap(([key, names]) => names.map((n) => [n, key])));

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

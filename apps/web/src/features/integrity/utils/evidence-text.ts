import {
  CROSS_TENANT_FIELDS,
  IDENTITY_FIELD_LABELS,
  removedDecisionText,
  type FlagEvidence,
} from '@portal/contract/integrity';
import { EXIT_REASON_LABELS } from '@portal/contract/hr-lists';
import { countOf, formatCalendarDate, formatNaira } from '../../../lib/format.ts';

const source = (s: 'PROVIDER' | 'UPLOAD') =>
  s === 'PROVIDER' ? 'date of birth from the identity provider' : 'date of birth as uploaded';

/** The evidence's first line: why the record is flagged, with the dates and age used. */
export function evidenceSummary(e: FlagEvidence): string {
  switch (e.kind) {
    case 'AGE':
      return `Aged ${e.age} on ${formatCalendarDate(e.asOf)}: born ${formatCalendarDate(e.dateOfBirth)} (${source(e.dateOfBirthSource)}); retirement age ${e.retirementAge}.`;
    case 'SERVICE':
      return `${countOf(e.yearsOfService, 'year')} of service on ${formatCalendarDate(e.asOf)}: first appointed ${formatCalendarDate(e.dateOfFirstAppointment)}; service limit ${e.serviceLimit} years.`;
    case 'APPOINTMENT_AGE':
      return `Aged ${e.ageAtAppointment} when first appointed on ${formatCalendarDate(e.dateOfFirstAppointment)}: born ${formatCalendarDate(e.dateOfBirth)} (${source(e.dateOfBirthSource)}).`;
    case 'BIRTH_DATE':
      return `Born ${formatCalendarDate(e.dateOfBirth)} (${source(e.dateOfBirthSource)}): ${e.problem === 'BEFORE_1920' ? 'before 1920, a placeholder date' : 'a date in the future'}.`;
    case 'APPOINTMENT_DATE':
      return `First appointed ${formatCalendarDate(e.dateOfFirstAppointment)}: not yet appointed on ${formatCalendarDate(e.asOf)}.`;
    case 'SCALE':
      return `Paid ${formatNaira(e.payAmount)} a month: ${formatNaira(e.excessAmount)} above the salary table's maximum of ${formatNaira(e.maximumAmount)} for ${e.structure} grade ${e.gradeLevel} step ${e.step}${e.salaryGradeId ? ` (salary grade ID ${e.salaryGradeId})` : ''}.`;
    case 'EXIT':
      return `${EXIT_REASON_LABELS[e.exitReason]} on ${formatCalendarDate(e.exitDate)} (separations list${e.reference ? `, ref. ${e.reference}` : ''}, matched by ${e.matchedBy}); on ${countOf(e.exports.length, 'approved payroll export')} since: ${formatNaira(e.recoverableAmount)} recoverable.`;
    case 'NOMINAL_ROLL':
      return `Not on the nominal roll of ${e.ministry} as of ${formatCalendarDate(e.asOf)} (${e.fileName})${e.onRollOf ? `; on the roll of ${e.onRollOf}` : ''}.`;
    case 'ACCOUNT_NUMBER': {
      const why =
        e.problem === 'CHECK_DIGIT'
          ? `its check digit is ${e.actualCheckDigit}, the bank's code gives ${e.expectedCheckDigit}`
          : e.problem === 'LENGTH'
            ? `it has ${countOf(e.length ?? 0, 'digit')}, not 10`
            : 'it is not all digits';
      return `Account ${e.accountNumber} at ${e.bank} (${e.bankName}, CBN code ${e.bankCode}) cannot exist: ${why}.`;
    }
    case 'ACCOUNT_CHECK': {
      const account = `Account ${e.accountNumber} at ${e.bank} (CBN code ${e.bankCode})`;
      if (e.accountStatus !== 'FOUND')
        return `${account}: ${e.accountStatus === 'CLOSED' ? 'closed, the bank says' : 'the bank knows no such account'} (checked ${formatCalendarDate(e.checkedAt.slice(0, 10))}).`;
      const name = `held in the name ${e.accountName ?? ''}; ${e.fullName} on the list: ${(e.nameVerdict ?? 'not compared').toLowerCase()}${e.nameReasons.length ? ` (${e.nameReasons.join('; ')})` : ''}`;
      const bvn = e.accountBvn ? `; the bank's BVN ${e.accountBvn}, the list's ${e.listBvn ?? 'none'}` : '';
      return `${account} ${name}${bvn}.`;
    }
    case 'OTHER_PAYROLL':
      return `On the payroll of ${e.others
        .map(
          (o) =>
            // NIN, BVN, bank account: the contract's order, whatever the index's.
            `${o.tenantName} (${o.stateCode}): same ${CROSS_TENANT_FIELDS.filter((f) => o.fields.includes(f))
              .map((f) => IDENTITY_FIELD_LABELS[f])
              .join(', ')}`,
        )
        .join('; ')}.`;
    case 'GROUP': {
      const what =
        e.field === 'BANK_ACCOUNT'
          ? `Account ${e.accountNumber ?? e.value}${e.bank ? ` at ${e.bank}` : ''}`
          : `${e.field === 'BVN' ? 'BVN' : 'NIN'} ${e.value}`;
      return `${what} is on ${countOf(e.groupSize, 'record')}.`;
    }
    case 'REMOVED_MATCH': {
      const fields = e.fields.map((f) => IDENTITY_FIELD_LABELS[f]).join(', ');
      return `Same ${fields} as ${countOf(e.removed.length, 'record')} removed from the payroll; held out of the payroll until decided.`;
    }
  }
}

/** A group's other records, as the evidence lists them ('PSNA2 Ada Obi'); hidden ones counted. */
export function evidenceOthers(e: FlagEvidence): string[] {
  if (e.kind === 'REMOVED_MATCH')
    return e.removed.map((m) => {
      const who = m.recordId
        ? [m.psn, m.fullName].filter(Boolean).join(' ')
        : 'A record outside your assignments';
      return `${who}: ${removedDecisionText(m)} (${m.fields.map((f) => IDENTITY_FIELD_LABELS[f]).join(', ')})`;
    });
  if (e.kind !== 'GROUP') return [];
  const shown = e.others.filter((o) => o.recordId);
  const hidden = e.others.length - shown.length;
  const lines = shown.map((o) => [o.psn, o.fullName].filter(Boolean).join(' '));
  if (hidden > 0) lines.push(`${countOf(hidden, 'record')} outside your assignments`);
  const unlisted = e.groupSize - 1 - e.others.length;
  if (unlisted > 0) lines.push(`and ${countOf(unlisted, 'more record')}`);
  return lines;
}

import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Approval } from '@portal/contract/decisions';
import { formatCount, formatNaira, formatRecordStatus } from '../../../lib/format.ts';
import { settingName, settingValue } from '../../../lib/setting-change.ts';
import { APPROVALS_TEXTS } from '../approvals-texts.ts';

const texts = APPROVALS_TEXTS;

/** A term and its value, on one line (a description list keeps the pairs together for screen readers). */
function Pair({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {term}:
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, minWidth: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * What the approver needs to see (issue #22): for a record, its status now and where a decline
 * returns it; for an export, its rows, the change since the previous approved export (added,
 * removed, by reason) and the file's checksum.
 */
export function ApprovalDetails({ approval }: { approval: Approval }) {
  const { record, export: file, account, settingsChanges } = approval;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
      {approval.kind === 'ADMIN_GRANT' &&
        (account ? (
          <>
            <Pair term={texts.account.name}>{account.fullName}</Pair>
            <Pair term={texts.account.email}>{account.email}</Pair>
            <Pair term={texts.account.status}>
              {texts.account.statuses[account.status] ?? account.status}
            </Pair>
          </>
        ) : (
          <Pair term={texts.account.status}>{texts.account.gone}</Pair>
        ))}
      {settingsChanges?.map((c) => (
        <Pair key={c.setting} term={settingName(c.setting)}>
          {settingValue(c.before)} → {settingValue(c.after)}
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary', fontWeight: 400 }}>
            {` (${texts.settings.before.toLowerCase()} → ${texts.settings.after.toLowerCase()})`}
          </Typography>
        </Pair>
      ))}
      {approval.reasonLabel && <Pair term={texts.reason}>{approval.reasonLabel}</Pair>}
      {approval.note && <Pair term={texts.note}>{approval.note}</Pair>}
      {record && (
        <>
          <Pair term={texts.record.now}>{formatRecordStatus(record.status)}</Pair>
          {record.statusBeforeApproval && (
            <Pair term={texts.record.returnsTo}>{formatRecordStatus(record.statusBeforeApproval)}</Pair>
          )}
          <Pair term={texts.record.pay}>
            {record.monthlyGrossPay === null ? texts.record.payUnknown : formatNaira(record.monthlyGrossPay)}
          </Pair>
        </>
      )}
      {file && (
        <>
          <Pair term={texts.export.rows}>
            {formatCount(file.recordCount)}
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary', fontWeight: 400 }}>
              {' ('}
              {file.previousRecordCount === null
                ? texts.export.first
                : texts.export.previous(file.previousRecordCount)}
              {')'}
            </Typography>
          </Pair>
          <Pair term={texts.export.added}>{formatCount(file.added)}</Pair>
          <Pair term={texts.export.removed}>{formatCount(file.removed)}</Pair>
          {file.removedByReason.length > 0 && (
            <Pair term={texts.export.removedByReason}>
              {file.removedByReason.map((r) => `${r.label}: ${formatCount(r.count)}`).join('; ')}
            </Pair>
          )}
          <Pair term={texts.export.checksum}>
            <Box
              component="code"
              sx={{ fontFamily: 'monospace', fontSize: '0.8rem', wordBreak: 'break-all' }}
            >
              {file.sha256 ?? texts.export.noChecksum}
            </Box>
          </Pair>
        </>
      )}
    </Box>
  );
}

import { Fragment, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_TEXTS, auditChanges, auditFieldLabel, type AuditEvent } from '@portal/contract/audit';
import { comparedFieldLabel } from '@portal/contract/verification';
import { NOT_ON_PHONE, PHONE_CELLS } from '../../../components/data-table.tsx';
import { formatMediumDateTime, formatRecordStatus } from '../../../lib/format.ts';
import { reasonCodesQueryOptions } from '../../../lib/reason-codes.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';

const texts = AUDIT_TEXTS;
const DASH = '—';

/**
 * A value of a field as people read it: a record status by its label, a reason code by the
 * tenant's label (issue #31: not 'PENDING_GRADE_VALIDATION → REJECTED', '— → DECEASED'), other text
 * as it is, a dash for none, anything else as JSON.
 */
export function auditValueText(
  value: unknown,
  field = '',
  reasonLabels: Readonly<Record<string, string>> = {},
): string {
  if (value === null || value === undefined || value === '') return DASH;
  if (field === 'status' && typeof value === 'string') return formatRecordStatus(value);
  if (field === 'reasonCode' && typeof value === 'string') return reasonLabels[value] ?? value;
  // A bulk verification's mismatch (issue #31 item 8): the fields by their labels.
  if (field === 'mismatchedFields' && Array.isArray(value))
    return value.map(String).map(comparedFieldLabel).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The events, each row opening onto its summary, its values before → after and its note. */
export function AuditEventTable({
  events,
  label,
  withRecord = true,
  busy,
}: {
  events: readonly AuditEvent[];
  label: string;
  /** The platform's events are about no record: no column for it. */
  withRecord?: boolean;
  busy?: boolean;
}) {
  const columns = withRecord ? 6 : 5;
  const [open, setOpen] = useState<string | null>(null);
  // The tenant's words for its reason codes (retired ones too: old events name them).
  const reasonCodes = useQuery({ ...reasonCodesQueryOptions(), enabled: withRecord });
  const reasonLabels = Object.fromEntries((reasonCodes.data?.items ?? []).map((c) => [c.code, c.label]));
  // On a phone: when, what and on whom; who and from where are in the row's summary (issue #31).
  return (
    <Table size="small" aria-label={label} aria-busy={busy} sx={[{ minWidth: { sm: 720 } }, PHONE_CELLS]}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 48 }}>
            <span style={visuallyHidden}>{texts.expand}</span>
          </TableCell>
          <TableCell>{texts.columns.at}</TableCell>
          <TableCell sx={NOT_ON_PHONE}>{texts.columns.actor}</TableCell>
          <TableCell>{texts.columns.action}</TableCell>
          {withRecord && <TableCell>{texts.columns.record}</TableCell>}
          <TableCell sx={NOT_ON_PHONE}>{texts.columns.address}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {events.map((event) => {
          const expanded = open === event.id;
          const detailId = `audit-event-${event.id}`;
          return (
            <Fragment key={event.id}>
              <TableRow hover sx={{ '& > td, & > th': { borderBottom: expanded ? 'unset' : undefined } }}>
                <TableCell>
                  <IconButton
                    size="small"
                    aria-expanded={expanded}
                    aria-controls={detailId}
                    aria-label={`${expanded ? texts.collapse : texts.expand}: ${event.label}, ${formatMediumDateTime(event.at)}`}
                    onClick={() => setOpen(expanded ? null : event.id)}
                  >
                    {expanded ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
                  </IconButton>
                </TableCell>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMediumDateTime(event.at)}
                </TableCell>
                <TableCell sx={[NOT_ON_PHONE, { overflowWrap: 'anywhere' }]}>
                  {event.actorEmail ?? DASH}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={event.label}
                    variant="outlined"
                    // On a phone a long action wraps inside its chip (issue #31).
                    sx={{
                      height: { xs: 'auto', sm: undefined },
                      py: { xs: 0.25, sm: 0 },
                      '& .MuiChip-label': { whiteSpace: { xs: 'normal', sm: 'nowrap' } },
                    }}
                  />
                </TableCell>
                {withRecord && (
                  <TableCell>
                    {event.recordName && (
                      <Box
                        component="span"
                        sx={{ display: 'block', fontWeight: 500, overflowWrap: 'anywhere' }}
                      >
                        {event.recordName}
                      </Box>
                    )}
                    <Box
                      component="span"
                      sx={
                        event.recordName
                          ? { display: 'block', color: 'text.secondary', typography: 'caption' }
                          : {}
                      }
                    >
                      {event.psn ?? DASH}
                    </Box>
                  </TableCell>
                )}
                <TableCell sx={NOT_ON_PHONE}>{event.address ?? DASH}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell colSpan={columns} sx={{ py: 0, ...(expanded ? {} : { borderBottom: 'none' }) }}>
                  <Collapse in={expanded} timeout="auto" unmountOnExit>
                    <Box id={detailId} sx={{ py: 2, pl: { sm: 6 } }}>
                      <EventDetail event={event} reasonLabels={reasonLabels} />
                    </Box>
                  </Collapse>
                </TableCell>
              </TableRow>
            </Fragment>
          );
        })}
      </TableBody>
    </Table>
  );
}

function EventDetail({
  event,
  reasonLabels,
}: {
  event: AuditEvent;
  reasonLabels: Readonly<Record<string, string>>;
}) {
  const changes = auditChanges(event.before, event.after);
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {event.summary}
      </Typography>
      {changes.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {texts.noChanges}
        </Typography>
      ) : (
        <Table
          size="small"
          aria-label={`${event.label}: ${texts.before} → ${texts.after}`}
          sx={{ maxWidth: 760 }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{texts.field}</TableCell>
              <TableCell>{texts.before}</TableCell>
              <TableCell>{texts.after}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changes.map((c) => (
              <TableRow key={c.field}>
                <TableCell component="th" scope="row">
                  {auditFieldLabel(c.field)}
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  {auditValueText(c.before, c.field, reasonLabels)}
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  {auditValueText(c.after, c.field, reasonLabels)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {event.note && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          <strong>{texts.note}:</strong> {event.note}
        </Typography>
      )}
    </>
  );
}

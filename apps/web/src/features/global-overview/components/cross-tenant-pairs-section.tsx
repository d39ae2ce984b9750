import { useId } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CrossTenantPairs } from '@portal/contract/integrity';
import { MESSAGES } from '@portal/contract/messages';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatCount } from '../../../lib/format.ts';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { useCrossTenantPairs } from '../api/get-cross-tenant-pairs.ts';

const texts = UI_TEXTS.globalOverview.crossTenant;

type Pair = CrossTenantPairs['pairs'][number];

const tenantName = (t: Pair['first']) => `${t.name} (${t.stateCode})`;

const COLUMNS: readonly DataColumn<Pair>[] = [
  {
    header: texts.columns.tenants,
    cell: (p) => texts.pair(tenantName(p.first), tenantName(p.second)),
    rowHeader: true,
    phone: true,
  },
  {
    header: texts.columns.records,
    cell: (p) => (
      <>
        <Box component="span" sx={{ display: 'block' }}>
          {texts.recordsIn(formatCount(p.firstRecords), p.first.name)}
        </Box>
        <Box component="span" sx={{ display: 'block' }}>
          {texts.recordsIn(formatCount(p.secondRecords), p.second.name)}
        </Box>
      </>
    ),
    phone: true,
  },
  { header: texts.columns.nin, cell: (p) => formatCount(p.byField.NIN), align: 'right' },
  { header: texts.columns.bvn, cell: (p) => formatCount(p.byField.BVN), align: 'right' },
  { header: texts.columns.bankAccount, cell: (p) => formatCount(p.byField.BANK_ACCOUNT), align: 'right' },
];

const pairKey = (p: Pair) => `${p.first.id}:${p.second.id}`;

/** Each pair named in alphabetical order (the index orders them by id), the pairs likewise. */
function byName(pairs: readonly Pair[]): Pair[] {
  const named = pairs.map((p) =>
    p.first.name.localeCompare(p.second.name) <= 0
      ? p
      : {
          ...p,
          first: p.second,
          second: p.first,
          firstRecords: p.secondRecords,
          secondRecords: p.firstRecords,
        },
  );
  const label = (p: Pair) => `${p.first.name}\u0000${p.second.name}`;
  return named.sort((a, b) => label(a).localeCompare(label(b)));
}

/**
 * The global admin's view of double dipping (issue #36 item 4): for each pair of tenants whose
 * payrolls share a NIN, BVN or bank account, how many records of each are on the other's. Counts
 * only: the people are each tenant's to see and decide, on its own Integrity screen.
 */
export function CrossTenantPairsSection() {
  const titleId = useId();
  const pairs = useCrossTenantPairs();
  let body;
  if (!pairs.data) {
    body = pairs.isError ? (
      <RetryAlert onRetry={() => void pairs.refetch()}>
        {texts.loadFailed(errorMessage(pairs.error, MESSAGES.auth.defaultError))}
      </RetryAlert>
    ) : (
      <LoadingState message={texts.loading} />
    );
  } else if (pairs.data.pairs.length === 0) {
    body = (
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <Typography variant="body2">{texts.none}</Typography>
      </Paper>
    );
  } else {
    body = (
      <Paper variant="outlined">
        <ScrollTableContainer label={texts.tableLabel}>
          <DataTable
            label={texts.tableLabel}
            columns={COLUMNS}
            rows={byName(pairs.data.pairs)}
            rowKey={pairKey}
            minWidth={720}
          />
        </ScrollTableContainer>
      </Paper>
    );
  }
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h2">
        {texts.title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {texts.subtitle}
      </Typography>
      {body}
    </Box>
  );
}

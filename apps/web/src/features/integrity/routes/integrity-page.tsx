import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FLAG_STATUSES,
  INTEGRITY_RULES,
  type FlagStatus,
  type IntegrityDecisionInput,
  type IntegrityFlag,
  type IntegrityRule,
} from '@portal/contract/integrity';
import { TOAST_MS } from '@portal/contract/limits';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { SEARCH_TEXTS, SearchField } from '../../../components/search-field.tsx';
import { TabTitle } from '../../../components/tab-header.tsx';
import { errorMessage, fieldErrorsOf } from '../../../lib/error-message.ts';
import { formatCount, formatNaira } from '../../../lib/format.ts';
import { useIntegritySummary } from '../../../lib/integrity-summary.ts';
import { activeReasonOptions, useReasonCodes } from '../../../lib/reason-codes.ts';
import { useToasts } from '../../../lib/use-toasts.ts';
import { useDecideFlag } from '../api/decide-flag.ts';
import { useEvaluateNow } from '../api/evaluate-now.ts';
import { useFlags } from '../api/get-flags.ts';
import { integrityKeys } from '../api/integrity-keys.ts';
import { DecisionDialog } from '../components/decision-dialog.tsx';
import { EvaluationStatus } from '../components/evaluation-status.tsx';
import { FlagTable, FLAG_PAGE_SIZES } from '../components/flag-table.tsx';
import { HrListsPanel } from '../components/hr-lists-panel.tsx';
import { PayAtStakeChart } from '../components/pay-at-stake-chart.tsx';
import { RuleCards } from '../components/rule-cards.tsx';
import { INTEGRITY_TEXTS as texts } from '../integrity-texts.ts';

export type IntegrityVariant = 'tenant' | 'reviewer';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="p" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="p" variant="h5" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The Integrity tab (issue #21): where the evaluation stands, the totals (with what is recoverable
 * from people paid after their exit, issue #35), one card per rule, the pay at stake by ministry,
 * the HR lists (tenant admin only) and the flag list with its decision dialog. A reviewer sees the
 * same within their assignments (the server scopes every figure), without 'Evaluate now' or the lists.
 */
export function IntegrityPage({ variant }: { variant: IntegrityVariant }) {
  const listTitleId = useId();
  const queryClient = useQueryClient();
  const toast = useToasts({ success: TOAST_MS.queues, error: TOAST_MS.queues });
  const summary = useIntegritySummary();
  const [rule, setRule] = useState<IntegrityRule | null>(null);
  const [status, setStatus] = useState<FlagStatus>('OPEN');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(FLAG_PAGE_SIZES[0]);
  // A person by name, PSN or Work ID (issue #17 item 7), searched on the server with the filters.
  const [search, setSearch] = useState('');
  const flags = useFlags({ rule: rule ?? undefined, status, q: search, page: page + 1, pageSize });
  const decide = useDecideFlag();
  const reasonCodes = useReasonCodes();
  const evaluate = useEvaluateNow();
  const [deciding, setDeciding] = useState<IntegrityFlag | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  // A run that finishes changes the flags: the list is read again, the tenant's first run's too
  // (a screen opened while it ran had read an empty list). `undefined`: no figures read yet.
  const loaded = summary.data !== undefined;
  const evaluatedAt = summary.data?.status === 'CURRENT' ? summary.data.evaluatedAt : null;
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!loaded) return;
    if (evaluatedAt && seen.current !== undefined && evaluatedAt !== seen.current)
      void queryClient.invalidateQueries({ queryKey: integrityKeys.flags });
    if (evaluatedAt || seen.current === undefined) seen.current = evaluatedAt;
  }, [loaded, evaluatedAt, queryClient]);

  const select = (next: IntegrityRule | null) => {
    setRule(next);
    setPage(0);
  };
  const changeSearch = (next: string) => {
    setSearch(next);
    setPage(0);
  };

  const onDecide = (decision: IntegrityDecisionInput) => {
    if (!deciding) return;
    const flag = deciding;
    decide.mutate(
      { id: flag.id, decision },
      {
        onSuccess: (saved) => {
          toast.success(
            decision.decision === 'DISMISS'
              ? texts.toasts.dismissed
              : saved.recordStatus === 'PENDING_SECOND_APPROVAL'
                ? texts.toasts.confirmationRequested(flag.fullName)
                : texts.toasts.confirmed(flag.fullName),
          );
          setDeciding(null);
          setFieldErrors({});
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setFieldErrors(fields);
          toast.error(texts.toasts.failed(errorMessage(error, '')));
          if (Object.keys(fields).length === 0) setDeciding(null);
        },
      },
    );
  };

  const title = variant === 'tenant' ? texts.title : texts.reviewerTitle;
  const subtitle = variant === 'tenant' ? texts.subtitle : texts.reviewerSubtitle;
  const data = summary.data;
  const rows = flags.data?.items ?? [];

  return (
    <Stack spacing={3}>
      <div>
        <TabTitle title={title} subtitle={subtitle} small />
      </div>
      {summary.isPending ? (
        <LoadingState message={texts.loading} />
      ) : !data ? (
        <RetryAlert onRetry={() => void summary.refetch()}>{texts.loadFailed}</RetryAlert>
      ) : (
        <>
          <EvaluationStatus
            summary={data}
            onEvaluate={
              variant === 'tenant'
                ? () =>
                    evaluate.mutate(undefined, {
                      onSuccess: () => toast.success(texts.toasts.evaluationStarted),
                    })
                : undefined
            }
            evaluating={evaluate.isPending}
          />
          <Paper variant="outlined" component="section" aria-label={texts.totals.label} sx={{ p: 2.5 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 2, sm: 6 } }}>
              <Figure label={texts.totals.flagged} value={formatCount(data.flaggedRecords)} />
              <Figure label={texts.totals.atStake} value={formatNaira(data.monthlyAmount)} />
              <Figure label={texts.totals.recoverable} value={formatNaira(data.recoverableAmount)} />
            </Box>
            {data.payUnknownRecords > 0 && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                {texts.totals.payUnknown(data.payUnknownRecords)}
              </Typography>
            )}
          </Paper>
          <RuleCards rules={data.rules} selected={rule} onSelect={select} />
          <Paper variant="outlined" sx={{ p: 2.5 }}>
            <PayAtStakeChart byMinistry={data.byMinistry} />
          </Paper>
        </>
      )}
      {/* The HR lists are a tenant admin's to upload (GET /hr-lists answers no other role). */}
      {variant === 'tenant' && <HrListsPanel />}
      <Divider />
      <Box component="section" aria-labelledby={listTitleId}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
          <Typography id={listTitleId} variant="h6" component="h3" sx={{ flex: '1 1 200px' }}>
            {texts.list.title}
          </Typography>
          <TextField
            select
            size="small"
            label={texts.list.ruleFilter}
            value={rule ?? ''}
            onChange={(event) => select((event.target.value || null) as IntegrityRule | null)}
            sx={{ minWidth: 240 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{texts.list.allRules}</MenuItem>
            {INTEGRITY_RULES.map((r) => (
              <MenuItem key={r} value={r}>
                {texts.rules[r]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={texts.list.statusFilter}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as FlagStatus);
              setPage(0);
            }}
            sx={{ minWidth: 160 }}
          >
            {FLAG_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {texts.list.statuses[s]}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box sx={{ mb: 2 }}>
          <SearchField value={search} onSearch={changeSearch} />
        </Box>
        {flags.isError && !flags.data ? (
          <RetryAlert onRetry={() => void flags.refetch()}>
            {errorMessage(flags.error, texts.loadFailed)}
          </RetryAlert>
        ) : flags.isPending ? (
          <LoadingState message={texts.loading} />
        ) : rows.length === 0 && search ? (
          <EmptyState
            titleComponent="h4"
            title={texts.list.emptySearchTitle}
            message={texts.list.emptySearch}
            action={
              <Button variant="outlined" onClick={() => changeSearch('')}>
                {SEARCH_TEXTS.clear}
              </Button>
            }
          />
        ) : rows.length === 0 ? (
          <EmptyState
            titleComponent="h4"
            title={texts.list.emptyTitle}
            message={status === 'OPEN' ? texts.list.emptyOpen : texts.list.emptyOther}
          />
        ) : (
          <FlagTable
            flags={rows}
            total={flags.data?.total ?? 0}
            page={page}
            pageSize={pageSize}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(0);
            }}
            busy={flags.isPlaceholderData}
            onDecide={(flag) => {
              setFieldErrors({});
              setDeciding(flag);
            }}
          />
        )}
      </Box>
      {deciding && (
        <DecisionDialog
          flag={deciding}
          confirmReasons={activeReasonOptions(reasonCodes.data)}
          busy={decide.isPending}
          errors={fieldErrors}
          onDecide={onDecide}
          onCancel={() => setDeciding(null)}
        />
      )}
    </Stack>
  );
}

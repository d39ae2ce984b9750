import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import AddOutlined from '@mui/icons-material/AddOutlined';
import type { ReasonCode } from '@portal/contract/decisions';
import type { TenantSettingsUpdate, TenantSettingsView } from '@portal/contract/settings';
import { TOAST_MS } from '@portal/contract/limits';
import { BusyButton } from '../../../components/busy-button.tsx';
import { useConfirm } from '../../../components/confirm-provider.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { TabTitle } from '../../../components/tab-header.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { errorMessage, fieldErrorsOf } from '../../../lib/error-message.ts';
import { formatCount, formatMediumDateTime } from '../../../lib/format.ts';
import { settingChangeLine } from '../../../lib/setting-change.ts';
import { useReasonCodes } from '../../../lib/reason-codes.ts';
import { useToasts } from '../../../lib/use-toasts.ts';
import {
  useAddReasonCode,
  useRetireReasonCode,
  useTenantSettings,
  useUpdateTenantSettings,
} from '../api/tenant-settings.ts';
import { AppealDeadlineField } from '../components/appeal-deadline-field.tsx';
import { RuleSwitches, ThresholdsField } from '../components/integrity-rules-fields.tsx';
import { AddReasonCodeDialog } from '../components/add-reason-code-dialog.tsx';
import { ReasonCodesTable } from '../components/reason-codes-table.tsx';
import { SecondApproverSwitch } from '../components/second-approver-switch.tsx';
import { TimeZoneField } from '../components/time-zone-field.tsx';
import { SETTINGS_TEXTS as texts } from '../settings-texts.ts';

type IntegrityChange = NonNullable<TenantSettingsUpdate['integrity']>;
type ThresholdErrors = Partial<Record<'retirementAge' | 'serviceLimitYears', string>>;

/** Whether the settings in force now hold every value of the change (else it waits, issue #30). */
function integrityApplied(change: IntegrityChange, now: TenantSettingsView['integrity']): boolean {
  const { rules, ...thresholds } = change;
  return (
    Object.entries(thresholds).every(([k, v]) => now[k as keyof typeof thresholds] === v) &&
    Object.entries(rules ?? {}).every(([rule, on]) => now.rules[rule as keyof typeof now.rules] === on)
  );
}

/** The settings saved one field at a time, each with its own form. */
type SavedField = 'timeZone' | 'appealDeadlineDays';
interface FieldWords<V> {
  saved: (value: V) => string;
  awaits: string;
  failed: (message: string) => string;
}

/**
 * The tenant admin's Settings tab (issue #22): whether decisions need a second approver, the
 * integrity rules' thresholds and switches (issue #21, #35), the time zone, the appeal deadline (issue #34) and the reason codes decisions name, with the records
 * rejected for each.
 */
export function TenantSettingsPage() {
  const toast = useToasts({ success: TOAST_MS.tenantSuccess, error: TOAST_MS.tenantError });
  const confirm = useConfirm();
  const settings = useTenantSettings();
  const update = useUpdateTenantSettings();
  const codes = useReasonCodes();
  const add = useAddReasonCode();
  const retire = useRetireReasonCode();
  const [adding, setAdding] = useState(false);
  const [addErrors, setAddErrors] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<SavedField, string>>>({});
  const [thresholdErrors, setThresholdErrors] = useState<ThresholdErrors>({});
  // Bumped after each answer, so the integrity forms show the settings in force again (a change
  // waiting for a second approver is not in force).
  const [integrityRound, setIntegrityRound] = useState(0);
  const queryClient = useQueryClient();

  /**
   * One field saved on its own: the toast says it is saved, or waits for a second approver
   * (issue #30) when the answer still holds the old value; a refusal goes under the field.
   */
  const saveField = <K extends SavedField>(
    field: K,
    value: TenantSettingsView[K],
    words: FieldWords<TenantSettingsView[K]>,
    onApplied?: () => void,
  ) => {
    setFieldErrors((errors) => ({ ...errors, [field]: undefined }));
    update.mutate({ [field]: value } as TenantSettingsUpdate, {
      onSuccess: (saved) => {
        if (saved[field] !== value) return void toast.success(words.awaits);
        toast.success(words.saved(saved[field]));
        onApplied?.();
      },
      onError: (error) => {
        const message = fieldErrorsOf(error)[field] ?? errorMessage(error, '');
        setFieldErrors((errors) => ({ ...errors, [field]: message }));
        toast.error(words.failed(message));
      },
    });
  };
  // Issue #31 item 12: saved, the zone reaches every screen through `me` (app/time-zone-scope.tsx).
  const saveTimeZone = (timeZone: string) =>
    saveField('timeZone', timeZone, texts.timeZone, () => {
      void queryClient.invalidateQueries({ queryKey: ['users', 'me'] });
    });
  const saveAppealDeadline = (days: number) => saveField('appealDeadlineDays', days, texts.appealDeadline);

  /** The integrity rules' thresholds or switches (issue #21, #35): only what changed is sent. */
  const saveIntegrity = (change: IntegrityChange, saved: string) => {
    setThresholdErrors({});
    update.mutate(
      { integrity: change },
      {
        onSuccess: (now) => {
          toast.success(integrityApplied(change, now.integrity) ? saved : texts.integrity.awaits);
          setIntegrityRound((n) => n + 1);
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setThresholdErrors({
            retirementAge: fields['integrity.retirementAge'],
            serviceLimitYears: fields['integrity.serviceLimitYears'],
          });
          toast.error(texts.integrity.failed(errorMessage(error, '')));
        },
      },
    );
  };
  const integrityBusy = update.isPending && update.variables.integrity !== undefined;

  const switchApprover = (secondApprover: boolean) =>
    update.mutate(
      { secondApprover },
      {
        onSuccess: (saved) =>
          // Issue #30: with the second approver on, the change waits instead of applying.
          saved.secondApprover !== secondApprover
            ? toast.success(texts.secondApprover.awaits)
            : toast.success(saved.secondApprover ? texts.secondApprover.on : texts.secondApprover.off),
        onError: (error) => toast.error(texts.secondApprover.failed(errorMessage(error, ''))),
      },
    );

  const onRetire = async (code: ReasonCode) => {
    const ok = await confirm({
      title: texts.reasonCodes.retireConfirm.title,
      message: texts.reasonCodes.retireConfirm.message(code.label, code.code),
      confirmText: texts.reasonCodes.retireConfirm.confirm,
    });
    if (!ok) return;
    retire.mutate(code.code, {
      onSuccess: () => toast.success(texts.reasonCodes.retiredDone),
      onError: (error) => toast.error(texts.reasonCodes.failed(errorMessage(error, ''))),
    });
  };

  const onAdd = (code: { code: string; label: string; needsNote: boolean }) =>
    add.mutate(code, {
      onSuccess: () => {
        toast.success(texts.reasonCodes.added);
        setAdding(false);
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        // A code that exists (409) names no field: it belongs to the code.
        setAddErrors(Object.keys(fields).length > 0 ? fields : { code: errorMessage(error, '') });
        toast.error(texts.reasonCodes.failed(errorMessage(error, '')));
      },
    });

  return (
    <Stack spacing={3}>
      <div>
        <TabTitle title={texts.title} subtitle={texts.subtitle} small />
      </div>
      <TitledSection title={texts.secondApprover.title} gap={1}>
        {settings.isError && !settings.data ? (
          <RetryAlert onRetry={() => void settings.refetch()}>{texts.loadFailed}</RetryAlert>
        ) : !settings.data ? (
          <LoadingState message={texts.loading} />
        ) : (
          <SecondApproverSwitch
            // While the change is on its way the switch shows it (reverting if the server refuses).
            checked={
              update.isPending && update.variables.secondApprover !== undefined
                ? update.variables.secondApprover
                : settings.data.secondApprover
            }
            busy={update.isPending}
            onChange={switchApprover}
          />
        )}
        {(settings.data?.pendingChanges ?? []).map((pending) => (
          <Alert key={pending.approvalId} role="status" severity="info" sx={{ mt: 1, maxWidth: 720 }}>
            <AlertTitle>{texts.secondApprover.pendingTitle}</AlertTitle>
            {pending.changes.map((c) => (
              <Typography key={c.setting} variant="body2" sx={{ fontWeight: 600 }}>
                {settingChangeLine(c)}
              </Typography>
            ))}
            <Typography variant="body2">
              {texts.secondApprover.pendingBy(pending.makerEmail, formatMediumDateTime(pending.createdAt))}
            </Typography>
            <Typography variant="body2">{texts.secondApprover.pendingHint}</Typography>
          </Alert>
        ))}
      </TitledSection>
      <Divider />
      <TitledSection title={texts.integrity.title} gap={1}>
        {settings.data && (
          <Stack spacing={3} key={integrityRound}>
            <ThresholdsField
              value={settings.data.integrity}
              busy={integrityBusy && update.variables?.integrity?.rules === undefined}
              errors={thresholdErrors}
              onSave={(change) => saveIntegrity(change, texts.integrity.thresholds.saved)}
            />
            <RuleSwitches
              value={settings.data.integrity.rules}
              busy={integrityBusy && update.variables?.integrity?.rules !== undefined}
              onSave={(rules) => saveIntegrity({ rules }, texts.integrity.rules.saved)}
            />
          </Stack>
        )}
      </TitledSection>
      <Divider />
      <TitledSection title={texts.timeZone.title} gap={1}>
        {settings.data && (
          <TimeZoneField
            key={settings.data.timeZone}
            value={settings.data.timeZone}
            busy={update.isPending && update.variables.timeZone !== undefined}
            error={fieldErrors.timeZone}
            onSave={saveTimeZone}
          />
        )}
      </TitledSection>
      <Divider />
      <TitledSection title={texts.appealDeadline.title} gap={1}>
        {settings.data && (
          <AppealDeadlineField
            key={settings.data.appealDeadlineDays}
            value={settings.data.appealDeadlineDays}
            busy={update.isPending && update.variables.appealDeadlineDays !== undefined}
            error={fieldErrors.appealDeadlineDays}
            onSave={saveAppealDeadline}
          />
        )}
      </TitledSection>
      <Divider />
      <TitledSection title={texts.reasonCodes.title} subtitle={texts.reasonCodes.subtitle} gap={2}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <BusyButton
            busy={false}
            label={texts.reasonCodes.add}
            startIcon={<AddOutlined />}
            onClick={() => {
              setAddErrors({});
              setAdding(true);
            }}
          />
        </Box>
        {codes.isError && !codes.data ? (
          <RetryAlert onRetry={() => void codes.refetch()}>{texts.loadFailed}</RetryAlert>
        ) : !codes.data ? (
          <LoadingState message={texts.loading} />
        ) : (
          <>
            <ReasonCodesTable
              codes={codes.data.items}
              retiring={retire.isPending ? retire.variables : undefined}
              onRetire={(code) => void onRetire(code)}
            />
            {codes.data.rejectedWithoutCode > 0 && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
                {texts.reasonCodes.withoutCode(formatCount(codes.data.rejectedWithoutCode))}
              </Typography>
            )}
          </>
        )}
      </TitledSection>
      {adding && (
        <AddReasonCodeDialog
          busy={add.isPending}
          errors={addErrors}
          onAdd={onAdd}
          onCancel={() => setAdding(false)}
        />
      )}
    </Stack>
  );
}

import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  CAMPAIGN_LIMITS,
  ScheduleInputSchema,
  type Campaign,
  type ScheduleEntry,
} from '@portal/contract/campaigns';
import { BusyButton } from '../../../components/busy-button.tsx';
import { ChipMultiSelect } from '../../../components/chip-multi-select.tsx';
import { FieldGrid } from '../../../components/titled-section.tsx';
import { FormButtons } from '../../../components/form-buttons.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatCalendarDate } from '../../../lib/format.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { useReplaceSchedule } from '../api/replace-schedule.ts';
import { useScopeDepartments, useScopeMinistries } from '../api/get-scope-options.ts';
import { EXERCISES_TEXTS } from '../exercises-texts.ts';

const texts = EXERCISES_TEXTS.schedule;

interface Row {
  key: number;
  day: string;
  site: string;
  ministryIds: string[];
  departmentIds: string[];
}
type RowField = 'day' | 'site' | 'ministryIds' | 'departmentIds';
type RowErrors = Partial<Record<RowField, string>>;

let nextKey = 0;
const rowOf = (entry: ScheduleEntry): Row => ({
  key: nextKey++,
  day: entry.day,
  site: entry.site,
  ministryIds: entry.ministries.map((m) => m.id),
  departmentIds: entry.departments.map((d) => d.id),
});

/**
 * The whole schedule, edited as lines of a day at a site with the postings expected there, and saved
 * at once (PUT replaces it). The contract's schema checks each line with the server's messages; what
 * only the server knows (a day outside the window, a closed exercise) shows above the buttons.
 */
export function ScheduleForm({
  exercise,
  entries,
  onDone,
}: {
  exercise: Campaign;
  entries: readonly ScheduleEntry[];
  onDone: () => void;
}) {
  const titleId = useId();
  const save = useReplaceSchedule();
  const toast = useToasts(TENANT_TOASTS);
  const ministries = useScopeMinistries();
  const departments = useScopeDepartments();
  const [rows, setRows] = useState<Row[]>(() => entries.map(rowOf));
  const [errors, setErrors] = useState<Record<number, RowErrors>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const change = (key: number, patch: Partial<Row>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setErrors(({ [key]: _dropped, ...rest }) => rest);
  };
  const add = () =>
    setRows((current) => [
      ...current,
      {
        key: nextKey++,
        // The next day at the same site: the usual way a schedule grows.
        day: current.at(-1)?.day ?? exercise.opensOn,
        site: current.at(-1)?.site ?? '',
        ministryIds: [],
        departmentIds: [],
      },
    ]);
  const remove = (key: number) => setRows((current) => current.filter((row) => row.key !== key));

  const submit = async () => {
    setProblem(null);
    const body = {
      entries: rows.map(({ day, site, ministryIds, departmentIds }) => ({
        day,
        site,
        ministryIds,
        departmentIds,
      })),
    };
    const checked = ScheduleInputSchema.safeParse(body);
    if (!checked.success) {
      const found: Record<number, RowErrors> = {};
      for (const issue of checked.error.issues) {
        const [, index, field] = issue.path;
        const row = typeof index === 'number' ? rows[index] : undefined;
        if (!row) {
          setProblem(issue.message);
          continue;
        }
        const name = (typeof field === 'string' ? field : 'ministryIds') as RowField;
        found[row.key] = { [name]: issue.message, ...found[row.key] };
      }
      setErrors(found);
      return;
    }
    try {
      await save.mutateAsync({ id: exercise.id, body });
      toast.success(texts.saved);
      onDone();
    } catch (error) {
      setProblem(errorMessage(error, texts.saveFailed));
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} variant="h6" component="h4">
        {texts.formTitle}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {texts.formIntro(formatCalendarDate(exercise.opensOn), formatCalendarDate(exercise.closesOn))}
      </Typography>
      <Box
        component="form"
        noValidate
        aria-labelledby={titleId}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 2 }}>
          {rows.map((row, index) => {
            const rowErrors = errors[row.key] ?? {};
            return (
              <Box
                component="li"
                key={row.key}
                aria-label={texts.entry(index + 1)}
                sx={{ borderTop: index ? 1 : 0, borderColor: 'divider', pt: index ? 2 : 0 }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
                  <Typography variant="subtitle2" component="h5" sx={{ flex: '1 1 auto' }}>
                    {texts.entry(index + 1)}
                  </Typography>
                  <Button
                    size="small"
                    color="error"
                    startIcon={<DeleteOutlined />}
                    onClick={() => remove(row.key)}
                    aria-label={texts.removeDay(index + 1)}
                  >
                    {texts.remove}
                  </Button>
                </Box>
                <FieldGrid>
                  <TextField
                    type="date"
                    label={texts.day}
                    required
                    value={row.day}
                    onChange={(event) => change(row.key, { day: event.target.value })}
                    error={rowErrors.day !== undefined}
                    helperText={rowErrors.day}
                    slotProps={{
                      inputLabel: { shrink: true },
                      htmlInput: { min: exercise.opensOn, max: exercise.closesOn },
                    }}
                  />
                  <TextField
                    label={texts.site}
                    required
                    value={row.site}
                    onChange={(event) => change(row.key, { site: event.target.value })}
                    error={rowErrors.site !== undefined}
                    helperText={rowErrors.site}
                    slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.documentMax } }}
                  />
                  <ChipMultiSelect
                    label={texts.ministries}
                    options={ministries.data ?? []}
                    value={row.ministryIds}
                    onChange={(ministryIds) => change(row.key, { ministryIds })}
                    emptyText={ministries.isError ? texts.optionsFailed : texts.noOptions}
                    error={rowErrors.ministryIds}
                  />
                  <ChipMultiSelect
                    label={texts.departments}
                    options={departments.data ?? []}
                    value={row.departmentIds}
                    onChange={(departmentIds) => change(row.key, { departmentIds })}
                    emptyText={departments.isError ? texts.optionsFailed : texts.noOptions}
                    error={rowErrors.departmentIds}
                  />
                </FieldGrid>
              </Box>
            );
          })}
        </Box>
        {rows.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {texts.noDays}
          </Typography>
        )}
        <Button
          startIcon={<Add />}
          onClick={add}
          disabled={rows.length >= CAMPAIGN_LIMITS.scheduleMax}
          sx={{ mt: 2 }}
        >
          {texts.addDay}
        </Button>
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
        <FormButtons busy={save.isPending} secondary={{ label: texts.cancel, onClick: onDone }}>
          <BusyButton type="submit" busy={save.isPending} label={texts.save} busyLabel={texts.saving} />
        </FormButtons>
      </Box>
    </Paper>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { CampaignReport, NoShowSuspension, ReminderRun } from '@portal/contract/campaigns';
import { campaignReportFileName } from '@portal/contract/campaigns';
import { pathOf } from '@portal/contract/routes/define-route';
import { CAMPAIGNS_ROUTES } from '@portal/contract/routes/campaigns';
import { callApi } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { exercisesKeys } from './exercises-keys.ts';

export function getSuspensions(id: string, signal?: AbortSignal): Promise<NoShowSuspension[]> {
  return callApi(CAMPAIGNS_ROUTES.suspensions, { params: { id }, signal });
}

export function getReminders(id: string, signal?: AbortSignal): Promise<ReminderRun[]> {
  return callApi(CAMPAIGNS_ROUTES.reminders, { params: { id }, signal });
}

export function getReport(id: string, signal?: AbortSignal): Promise<CampaignReport> {
  return callApi(CAMPAIGNS_ROUTES.report, { params: { id }, signal });
}

/** The exercise's suspensions of no-shows, newest first. */
export const useSuspensions = (id: string) =>
  useQuery({
    queryKey: exercisesKeys.detail(id, 'suspensions'),
    queryFn: ({ signal }) => getSuspensions(id, signal),
  });

/** The reminder runs, newest first, with their counts per channel. */
export const useReminders = (id: string) =>
  useQuery({
    queryKey: exercisesKeys.detail(id, 'reminders'),
    queryFn: ({ signal }) => getReminders(id, signal),
  });

/** The report in the units governments publish. */
export const useReport = (id: string) =>
  useQuery({ queryKey: exercisesKeys.detail(id, 'report'), queryFn: ({ signal }) => getReport(id, signal) });

/** The report as CSV, under the server's name. */
export const downloadReport = (id: string, today: string) =>
  downloadFile(pathOf(CAMPAIGNS_ROUTES.reportCsv, { id }), campaignReportFileName(id, today));

import { z } from 'zod';
import {
  CAMPAIGN_MESSAGES,
  CampaignCreateSchema,
  CampaignExcusalSchema,
  CampaignExcuseSchema,
  CampaignExtendSchema,
  CampaignProgressSchema,
  CampaignSchema,
  NoShowsPageSchema,
  NoShowsQuerySchema,
  NoShowSuspensionSchema,
  CampaignReportSchema,
  ReminderRunSchema,
  ScheduleInputSchema,
  ScheduleSchema,
  SiteListQuerySchema,
  SiteListSchema,
  SuspendNoShowsSchema,
} from '../campaigns.ts';
import { ApiErrorSchema } from '../errors.ts';
import { idSchema } from '../fields.ts';
import { defineRoute } from './define-route.ts';

// The tenant admin alone (issue #33); an excusal waits for a second approver when the tenant asks.
const roles = ['TENANT_ADMIN'] as const;
const tags = ['campaigns'];
const params = z.object({ id: idSchema(CAMPAIGN_MESSAGES.notFound) });

/** Verification exercises (server: modules/campaigns/campaigns.routes.ts). */
export const CAMPAIGNS_ROUTES = {
  create: defineRoute({
    method: 'POST',
    path: '/api/v1/campaigns',
    roles,
    tags,
    summary:
      'Open a verification exercise: its scope (all records, or ministries and departments), opening and closing days, grace days and the documents to bring. 409 when another exercise of an overlapping scope runs in overlapping dates',
    body: CampaignCreateSchema,
    response: CampaignSchema,
    status: 201,
    errors: { 400: ApiErrorSchema, 409: ApiErrorSchema },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/campaigns',
    roles,
    tags,
    summary: "The tenant's verification exercises, newest first, each with its state today",
    response: z.array(CampaignSchema),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/v1/campaigns/:id',
    roles,
    tags,
    summary: 'One verification exercise with its state today and its extensions',
    params,
    response: CampaignSchema,
    errors: { 404: ApiErrorSchema },
  }),
  extend: defineRoute({
    method: 'POST',
    path: '/api/v1/campaigns/:id/extend',
    roles,
    tags,
    summary:
      'Move the closing day later, with a reason (audited). Never earlier (400); refused once the exercise has closed, or when the longer window would overlap another exercise of an overlapping scope (409)',
    params,
    body: CampaignExtendSchema,
    response: CampaignSchema,
    errors: { 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
  }),
  progress: defineRoute({
    method: 'GET',
    path: '/api/v1/campaigns/:id/progress',
    roles,
    tags,
    summary:
      'Who has appeared: in scope, appeared, late, excused and remaining (with the monthly pay of the remaining), by ministry and department, by field agent and by day',
    params,
    response: CampaignProgressSchema,
    errors: { 404: ApiErrorSchema },
  }),
  excuse: defineRoute({
    method: 'POST',
    path: '/api/v1/campaigns/:id/excuse',
    roles,
    tags,
    summary:
      'Excuse one person of the scope (study leave, secondment, sick leave or another documented absence, with a note): no no-show. With the second approver on, it waits for a different tenant admin (status PENDING_APPROVAL). 404 outside the scope; 409 when the person has appeared, is excused or awaits an excusal, or the exercise has closed',
    params,
    body: CampaignExcuseSchema,
    response: CampaignExcusalSchema,
    status: 201,
    fourEyes: 'MAKER',
    errors: { 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
  }),
  noShows: defineRoute({
    method: 'GET',
    path: '/api/v1/campaigns/:id/no-shows',
    roles,
    tags,
    summary:
      'The no-shows with their pay, by ministry, department and name: empty (listed false) until the closing day plus the grace has passed, then everyone in scope who never appeared and is not excused',
    params,
    query: NoShowsQuerySchema,
    response: NoShowsPageSchema,
    errors: { 400: ApiErrorSchema, 404: ApiErrorSchema },
  }),
  noShowsCsv: defineRoute({
    method: 'GET',
    path: '/api/v1/campaigns/:id/no-shows.csv',
    roles,
    tags,
    summary:
      'The same no-shows as CSV (UTF-8 with BOM, CRLF; a cell that starts with =, +, -, @, tab or CR is neutralised as in the payroll file); audited',
    params,
    produces: ['text/csv'],
    response: z.any().describe('the CSV file'),
    errors: { 404: ApiErrorSchema },
  }),
  suspendNoShows: defineRoute({
    method: 'POST',
    path: '/api/v1/campaigns/:id/suspend-no-shows',
    roles,
    tags,
    summary:
      'Suspend the no-shows: the list is frozen now; each record still a no-show moves to SUSPENDED (held off the payroll, never deleted; audited per record with reason NO_SHOW). With the second approver on, it waits for a different tenant admin (status PENDING_APPROVAL). 409 before the grace has ended, while a suspension awaits approval, or when no one is left to suspend',
    params,
    body: SuspendNoShowsSchema,
    response: NoShowSuspensionSchema,
    status: 201,
    fourEyes: 'MAKER',
    errors: { 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
  }),
  suspensions: defineRoute({
    method: 'GET',
    path: '/api/v1/campaigns/:id/suspensions',
    roles,
    tags,
    summary: "The exercise's suspensions of no-shows, newest first, with their counts and pay",
    params,
    response: z.array(NoShowSuspensionSchema),
    errors: { 404: ApiErrorSchema },
  }),
  report: defineRoute({
    method: 'GET',
    path: '/api/v1/campaigns/:id/report',
    roles,
    tags,
    summary:
      "The exercise's report: in scope, appeared, late, excused, no-shows, suspended and still suspended, with the ₦ a month held, in total and by ministry and department",
    params,
    response: CampaignReportSchema,
    errors: { 404: ApiErrorSchema },
  }),
  reportCsv: defineRoute({
    method: 'GET',
    path: '/api/v1/campaigns/:id/report.csv',
    roles,
    tags,
    summary:
      'The same report as CSV (UTF-8 with BOM, CRLF): a row per ministry and department, then the total',
    params,
    produces: ['text/csv'],
    response: z.any().describe('the CSV file'),
    errors: { 404: ApiErrorSchema },
  }),
  reminders: defineRoute({
    method: 'GET',
    path: '/api/v1/campaigns/:id/reminders',
    roles,
    tags,
    summary:
      "The exercise's reminder runs, newest first: the people reminded, and per channel (email, SMS) queued, sent and failed, and those with no address",
    params,
    response: z.array(ReminderRunSchema),
    errors: { 404: ApiErrorSchema },
  }),
  schedule: defineRoute({
    method: 'GET',
    path: '/api/v1/campaigns/:id/schedule',
    roles,
    tags,
    summary: "The exercise's schedule: which ministries and departments appear at which site on which day",
    params,
    response: ScheduleSchema,
    errors: { 404: ApiErrorSchema },
  }),
  replaceSchedule: defineRoute({
    method: 'PUT',
    path: '/api/v1/campaigns/:id/schedule',
    roles,
    tags,
    summary:
      "Replace the exercise's schedule (audited). Each day lies within the exercise and names ministries or departments of its scope; 409 once the exercise has closed",
    params,
    body: ScheduleInputSchema,
    response: ScheduleSchema,
    errors: { 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
  }),
  siteList: defineRoute({
    method: 'GET',
    path: '/api/v1/campaigns/:id/site-list',
    roles,
    tags,
    summary:
      "A site's printable list: everyone the schedule expects there, by day, posting and name, each with the text of their QR code (the agent's screen for that person)",
    params,
    query: SiteListQuerySchema,
    response: SiteListSchema,
    errors: { 400: ApiErrorSchema, 404: ApiErrorSchema },
  }),
};

import { z } from 'zod';
import { addDays, REMINDER_KINDS, type ReminderKind } from '@portal/contract/campaigns';
import { dayIn } from '@portal/contract/time-zone';
import { tenantScope } from '../../access/actor.ts';
import { defineJob, type JobHandler } from '../../platform/jobs.ts';
import { zoneOrDefault } from '../../platform/tenant-time-zone.ts';
import type { CampaignRow, CampaignsRepo } from './campaigns.repo.ts';
import type { RemindersRepo } from './reminders.repo.ts';

/** One reminder run to make: the exercise, the kind and the tenant's day. */
export const remindJob = defineJob({
  name: 'campaigns.remind',
  version: 1,
  schema: z.object({
    tenantId: z.uuid(),
    campaignId: z.uuid(),
    kind: z.enum(REMINDER_KINDS),
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
  retryLimit: 5,
  retryDelaySeconds: 30,
});
export type RemindPayload = z.infer<typeof remindJob.schema>;

const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/**
 * The reminders due on `today` of an exercise (issue #33 item 3; DECISIONS 182): within its window
 * only; the opening one on the first day it can go (an exercise created on its opening day sends it
 * then, one whose opening passed while no worker ran sends it late rather than never); a weekly one
 * every seventh day after the opening; one three days before the close (moved by an extension).
 */
export function remindersDue(
  c: { opensOn: string; closesOn: string },
  today: string,
  openingSent: boolean,
): ReminderKind[] {
  if (today < c.opensOn || today > c.closesOn) return [];
  const due: ReminderKind[] = [];
  if (!openingSent) due.push('OPENING');
  const since = daysBetween(c.opensOn, today);
  if (since > 0 && since % 7 === 0) due.push('WEEKLY');
  if (today === addDays(c.closesOn, -3) && since > 0) due.push('CLOSING_SOON');
  return due;
}

/** Where the reminders' texts and addresses come from. */
export interface ReminderDeps {
  repo: CampaignsRepo;
  runs: RemindersRepo;
  now: () => Date;
  /** `http://{subdomain}.example` (config.publicUrlTemplate): the tenant's public page. */
  publicUrlTemplate: string;
  /** Whether the tenant has an SMS gateway: without one, no SMS is queued. */
  smsOn: (tenantId: string) => Promise<boolean>;
  /** After a run queued messages: the delivery jobs. */
  deliver: (channels: { mail: boolean; sms: boolean }) => Promise<void>;
}

/**
 * Reminders of verification exercises (issue #33 item 3). A watchdog asks `due()` which runs are
 * due now and queues a job per run; the job's `run()` writes the run, the people it reminds and
 * their mail and SMS in one transaction. A run is once per exercise, kind and day, and a person is
 * reminded at most once a day (unique keys): two workers, or a job retried, remind nobody twice.
 */
export class CampaignReminders {
  constructor(private readonly deps: ReminderDeps) {}

  /** The runs due now across tenants (the watchdog's question; platform context). */
  async due(): Promise<RemindPayload[]> {
    const { now } = this.deps;
    const open = await this.deps.runs.openCampaigns(now());
    const runs: RemindPayload[] = [];
    for (const c of open) {
      const today = dayIn(now(), zoneOrDefault(c.zone));
      const done = new Set(c.ran_today ?? []);
      for (const kind of remindersDue({ opensOn: c.opens_on, closesOn: c.closes_on }, today, c.opening_sent))
        if (!done.has(`${kind}:${today}`))
          runs.push({ tenantId: c.tenant_id, campaignId: c.id, kind, day: today });
    }
    return runs;
  }

  /**
   * Makes one run, if no worker made it already: everyone the exercise expects who has not
   * appeared since the opening and is not excused, and was not reminded today, gets an email
   * (the claimed account's address, else the master list's) and an SMS (the master list's phone,
   * when the tenant has an SMS gateway); those with neither are counted as without an address.
   */
  async run(p: RemindPayload): Promise<{ people: number; mail: number; sms: number } | null> {
    const { repo } = this.deps;
    const scope = tenantScope(p.tenantId);
    const c = await repo.find(scope, p.campaignId);
    if (!c || p.day < c.opensOn || p.day > c.closesOn) return null;
    const smsOn = await this.deps.smsOn(p.tenantId);
    const texts = await this.#texts(c, p.tenantId);
    const result = await this.deps.runs.make(scope, c, p, { smsOn, ...texts });
    if (result && (result.mail > 0 || result.sms > 0))
      await this.deps.deliver({ mail: result.mail > 0, sms: result.sms > 0 });
    return result;
  }

  async #texts(c: CampaignRow, tenantId: string) {
    const tenant = await this.deps.runs.tenantName(tenantId);
    const url = this.deps.publicUrlTemplate.replace('{subdomain}', tenant.subdomain);
    const documents = c.documents.length > 0 ? c.documents.join(', ') : null;
    return {
      subject: `Verification exercise: appear by ${c.closesOn}`,
      mail: [
        'Dear {name},',
        '',
        `${tenant.name} is running the verification exercise '${c.name}' from ${c.opensOn} to ${c.closesOn}. Everyone on the payroll must appear in it; you have not yet.`,
        `Claim your account and verify your identity at ${url}/register-employee, or, if you have an account, sign in at ${url}/login. You may also appear before a field agent.`,
        ...(documents ? [`Bring: ${documents}.`] : []),
        'Staff who do not appear by the close of the exercise and its grace period have their pay held until they do.',
        '',
        'This is an automated message; please do not reply.',
      ].join('\n'),
      sms: `${tenant.name}: appear in the verification exercise by ${c.closesOn} or your pay will be held. Verify at ${url}/register-employee${documents ? `. Bring: ${documents}` : ''}.`,
    };
  }
}

export function remindHandler(reminders: CampaignReminders): JobHandler<RemindPayload> {
  return async (payload, { log }) => {
    const made = await reminders.run(payload);
    if (made) log.info({ ...payload, ...made }, 'verification exercise reminders queued');
  };
}

import {
  NOMINAL_ROLL_MESSAGES,
  notOnPayrollFileName,
  type HrListUploadSummary,
  type NominalRollMinistry,
} from '@portal/contract/hr-lists';
import { isCalendarDate } from '@portal/contract/validation';
import { scopeOf, type Actor, type TenantScope } from '../../access/actor.ts';
import { badRequest } from '../../platform/errors.ts';
import { auditActorOf, type AuditRepo } from '../audit/audit.repo.ts';
import type { UploadedFile } from '../records/upload.service.ts';
import { samePerson, type HrListUploadConfig, type HrListUploader } from './hr-list-upload.ts';
import { nominalRollList } from './nominal-roll-list.ts';
import { NominalRollSession, type NominalRollRepo, type RollReplacement } from './nominal-roll.repo.ts';

/**
 * The nominal roll (issue #35): HR's list of who works where. An upload is read by the master
 * list's machinery and is all or nothing; it replaces the roll of each ministry it names, as of
 * its date (the multipart field `asOf`, else the upload's day in the tenant's time zone), and
 * leaves the other ministries' rolls as they are.
 */
export class NominalRollService {
  /** The roll's upload: each ministry it names replaced, as of its date. */
  readonly #upload: HrListUploadConfig<RollReplacement> = {
    kind: 'NOMINAL_ROLL',
    list: nominalRollList,
    session: NominalRollSession,
    repeated: samePerson,
    note: (fileName, asOf) => `Nominal roll upload of ${fileName} as of ${asOf}`,
    asOf: (scope, field) => this.#asOf(scope, field),
  };

  constructor(
    private readonly repo: NominalRollRepo,
    private readonly uploader: HrListUploader,
    private readonly audit: AuditRepo,
  ) {}

  async upload(actor: Actor, file: UploadedFile, asOfField?: string): Promise<HrListUploadSummary> {
    return this.uploader.upload(this.#upload, actor, file, asOfField);
  }

  /** Each ministry's roll (GET /hr-lists, the nominal roll's entry). */
  async rolls(actor: Actor): Promise<NominalRollMinistry[]> {
    return (await this.repo.rolls(scopeOf(actor))).map((r) => ({
      ministry: r.ministry,
      ministryId: r.ministry_id,
      asOf: r.as_of,
      uploadId: r.upload_id,
      rows: r.row_count,
      notOnPayroll: r.not_on_payroll,
    }));
  }

  /**
   * The people on a roll with no record on the payroll, as CSV lines read a batch at a time (the
   * file's name has the day in the tenant's time zone). Reading personal data out is audited.
   */
  async notOnPayrollCsv(actor: Actor): Promise<{ fileName: string; lines: AsyncIterable<string> }> {
    const scope = scopeOf(actor);
    await this.audit.append({
      ...auditActorOf(actor),
      action: 'NOT_ON_PAYROLL_DOWNLOADED',
      entityType: 'hr_list_upload',
      after: { kind: 'NOMINAL_ROLL' },
    });
    return {
      fileName: notOnPayrollFileName(await this.repo.today(scope)),
      lines: this.repo.notOnPayrollLines(scope),
    };
  }

  /** The roll's 'as of' date: the field as sent (a day that exists, not after today), else today. */
  async #asOf(scope: TenantScope, field: string | undefined): Promise<string> {
    const today = await this.repo.today(scope);
    const asOf = field?.trim();
    if (!asOf) return today;
    if (!isCalendarDate(asOf)) throw badRequest(NOMINAL_ROLL_MESSAGES.asOfInvalid);
    if (asOf > today) throw badRequest(NOMINAL_ROLL_MESSAGES.asOfFuture);
    return asOf;
  }
}

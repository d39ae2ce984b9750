import {
  HR_LIST_KINDS,
  type HrListKind,
  type HrListState,
  type HrListUpload,
  type HrListUploadsPage,
  type HrListUploadSummary,
} from '@portal/contract/hr-lists';
import { scopeOf, type Actor } from '../../access/actor.ts';
import type { UploadedFile } from '../records/upload.service.ts';
import { samePerson, type HrListUploadConfig, type HrListUploader } from './hr-list-upload.ts';
import type { UploadCounts } from './hr-list-upload.repo.ts';
import type { HrListsRepo, LastUploadRow } from './hr-lists.repo.ts';
import type { NominalRollService } from './nominal-roll.service.ts';
import { separationsList } from './separations-list.ts';
import { SeparationsSession } from './separations.repo.ts';

/** The separations list's upload: upserted by person (PSN, else NIN). */
const SEPARATIONS: HrListUploadConfig<UploadCounts> = {
  kind: 'SEPARATIONS',
  list: separationsList,
  session: SeparationsSession,
  repeated: samePerson,
  note: (fileName) => `Separations list upload of ${fileName}`,
};

/**
 * The HR lists beside the master list (issue #35): each list's last upload and its history, and
 * the separations list's upload (the others': nominal-roll.service.ts, salary-table.service.ts).
 */
export class HrListsService {
  constructor(
    private readonly repo: HrListsRepo,
    private readonly uploader: HrListUploader,
    /** The nominal roll's ministries, for its entry of the lists (issue #35). */
    private readonly nominalRoll?: Pick<NominalRollService, 'rolls'>,
  ) {}

  async lists(actor: Actor): Promise<HrListState[]> {
    const last = new Map((await this.repo.lastUploads(scopeOf(actor))).map((u) => [u.kind, u]));
    const rolls = await this.nominalRoll?.rolls(actor);
    return HR_LIST_KINDS.map((kind) => {
      const u = last.get(kind);
      return {
        kind,
        lastUpload: u ? uploadOf(u) : null,
        ...(kind === 'NOMINAL_ROLL' && rolls ? { rolls } : {}),
      };
    });
  }

  /** A list's uploads, newest first, a page at a time (only accepted ones are stored). */
  async uploads(
    actor: Actor,
    kind: HrListKind,
    page: { page: number; pageSize: number },
  ): Promise<HrListUploadsPage> {
    const { rows, total } = await this.repo.uploads(scopeOf(actor), kind, page);
    return { items: rows.map(uploadOf), total, page: page.page, pageSize: page.pageSize };
  }

  async uploadSeparations(actor: Actor, file: UploadedFile): Promise<HrListUploadSummary> {
    return this.uploader.upload(SEPARATIONS, actor, file);
  }
}

const uploadOf = (u: LastUploadRow): HrListUpload => ({
  id: u.id,
  fileName: u.file_name,
  rows: u.row_count,
  created: u.created,
  updated: u.updated,
  asOf: u.as_of,
  uploadedAt: new Date(u.created_at).toISOString(),
  uploadedByEmail: u.uploaded_by_email,
});

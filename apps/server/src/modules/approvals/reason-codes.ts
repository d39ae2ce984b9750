import {
  DEFAULT_REASON_CODES,
  OTHER_REASON_CODE,
  REASON_CODE_MESSAGES as M,
  SYSTEM_REASON_LABELS,
  type ReasonCode,
  type ReasonCodes,
} from '@portal/contract/decisions';
import { recordScopeOf, scopeOf, type Actor } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import {
  deleteReasonCode,
  insertReasonCode,
  reasonCodeRows,
  rejectedByCode,
  retireReasonCode,
  reviveReasonCode,
  type ReasonCodeRow as Row,
} from './reason-codes.repo.ts';

/** A code as the tenant has it: a default (unless its row retires it) or one the tenant added. */
interface TenantCode {
  code: string;
  label: string;
  needsNote: boolean;
  isDefault: boolean;
  active: boolean;
  row: Row | undefined;
}

const DEFAULTS = new Map<string, (typeof DEFAULT_REASON_CODES)[number]>(
  DEFAULT_REASON_CODES.map((d) => [d.code, d]),
);

function merge(rows: Row[]): TenantCode[] {
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const defaults = DEFAULT_REASON_CODES.map((d) => {
    const row = byCode.get(d.code);
    return { ...d, isDefault: true, active: !row?.retiredAt, row };
  });
  const own = rows
    .filter((r) => !DEFAULTS.has(r.code))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((r) => ({
      code: r.code,
      label: r.label,
      needsNote: r.needsNote,
      isDefault: false,
      active: !r.retiredAt,
      row: r,
    }));
  const all = [...defaults, ...own];
  return [...all.filter((c) => c.active), ...all.filter((c) => !c.active)];
}

const view = (c: TenantCode, rejected: number): ReasonCode => ({
  code: c.code,
  label: c.label,
  needsNote: c.needsNote,
  isDefault: c.isDefault,
  active: c.active,
  createdByEmail: c.isDefault ? null : (c.row?.createdByEmail ?? null),
  retiredAt: c.row?.retiredAt?.toISOString() ?? null,
  retiredByEmail: c.row?.retiredByEmail ?? null,
  rejectedRecords: rejected,
});

/**
 * A tenant's reason codes (issue #22): the contract's defaults, the codes the tenant added and the
 * retirement of any but OTHER (table reason_codes: a default has a row only once retired). Every
 * rejection and integrity confirmation names an active one (`requireActive`), in its transaction.
 */
export class ReasonCodesService {
  constructor(
    private readonly orm: Orm,
    private readonly audit: AuditRepo,
  ) {}

  async codes(tenantId: string, orm: Orm = this.orm): Promise<TenantCode[]> {
    return merge(await reasonCodeRows(orm, tenantId));
  }

  /** The label of each code the tenant has (retired ones too), for the approvals and the views. */
  async labels(tenantId: string, orm: Orm = this.orm): Promise<Map<string, string>> {
    return new Map([
      ...Object.entries(SYSTEM_REASON_LABELS),
      ...(await this.codes(tenantId, orm)).map((c): [string, string] => [c.code, c.label]),
    ]);
  }

  /**
   * The active code `code` of the tenant, with the note it needs: 400 for no code, an unknown or
   * retired one, or a code that needs a note without one.
   */
  async requireActive(
    orm: Orm,
    tenantId: string,
    code: string | null,
    note: string | null,
  ): Promise<{ code: string; label: string }> {
    if (!code) throw badRequest(M.required, { reasonCode: M.required });
    const found = (await this.codes(tenantId, orm)).find((c) => c.code === code);
    if (!found) throw badRequest(M.unknown(code), { reasonCode: M.unknown(code) });
    if (!found.active) throw badRequest(M.retired(code), { reasonCode: M.retired(code) });
    if (found.needsNote && !note?.trim())
      throw badRequest(M.noteRequired(found.label), { note: M.noteRequired(found.label) });
    return { code: found.code, label: found.label };
  }

  /** The list with the records now REJECTED with each code (a reviewer: of their assignments). */
  async list(actor: Actor): Promise<ReasonCodes> {
    const scope = recordScopeOf(actor);
    const counted = await rejectedByCode(this.orm, scope);
    const counts = new Map(counted.map((c) => [c.code, c.n]));
    const codes = await this.codes(scope.tenantId);
    return {
      items: codes.map((c) => view(c, counts.get(c.code) ?? 0)),
      rejectedWithoutCode: counts.get(null) ?? 0,
    };
  }

  /**
   * Adds a code; adding a retired one brings it back (a default as it was, the tenant's own with
   * the label and note given now).
   */
  async add(actor: Actor, input: { code: string; label: string; needsNote: boolean }): Promise<ReasonCode> {
    const { tenantId } = scopeOf(actor);
    const found = (await this.codes(tenantId)).find((c) => c.code === input.code);
    if (found?.active) throw conflict(M.exists(input.code));
    if (found) {
      await this.orm.transaction(async (tx) => {
        if (found.isDefault) await deleteReasonCode(tx, tenantId, input.code);
        else await reviveReasonCode(tx, tenantId, input.code, input);
        await this.#audit(tx, actor, 'REASON_CODE_ADDED', input.code, {
          before: { active: false },
          after: found.isDefault ? { active: true } : { active: true, ...input },
        });
      });
      return this.#one(actor, input.code);
    }
    try {
      await this.orm.transaction(async (tx) => {
        await insertReasonCode(tx, {
          tenantId,
          code: input.code,
          label: input.label,
          needsNote: input.needsNote,
          createdByEmail: actor.email,
        });
        await this.#audit(tx, actor, 'REASON_CODE_ADDED', input.code, { after: input });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(M.exists(input.code));
      throw err;
    }
    return this.#one(actor, input.code);
  }

  async retire(actor: Actor, code: string): Promise<ReasonCode> {
    const { tenantId } = scopeOf(actor);
    if (code === OTHER_REASON_CODE) throw conflict(M.otherCannotRetire);
    await this.orm.transaction(async (tx) => {
      const found = (await this.codes(tenantId, tx)).find((c) => c.code === code);
      if (!found) throw notFound(M.notFound);
      if (!found.active) throw conflict(M.alreadyRetired(code));
      // A default the tenant never retired has no row yet: its retirement is one.
      if (found.row) await retireReasonCode(tx, tenantId, code, actor.email);
      else
        await insertReasonCode(tx, {
          tenantId,
          code,
          label: found.label,
          needsNote: found.needsNote,
          retired: true,
          retiredByEmail: actor.email,
        });
      await this.#audit(tx, actor, 'REASON_CODE_RETIRED', code, {
        before: { active: true },
        after: { active: false },
      });
    });
    return this.#one(actor, code);
  }

  async #one(actor: Actor, code: string): Promise<ReasonCode> {
    const list = await this.list(actor);
    return list.items.find((c) => c.code === code)!;
  }

  async #audit(
    tx: Orm,
    actor: Actor,
    action: string,
    code: string,
    change: { before?: unknown; after?: unknown },
  ): Promise<void> {
    await this.audit.append(
      {
        tenantId: scopeOf(actor).tenantId,
        actorUserId: actor.userId,
        actorEmail: actor.email,
        action,
        entityType: 'reason_code',
        entityId: code,
        address: actor.address ?? null,
        ...change,
      },
      tx,
    );
  }
}

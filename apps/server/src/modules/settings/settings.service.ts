import {
  TenantSettingsSchema,
  type TenantSettings,
  type TenantSettingsUpdateSchema,
  type TenantSettingsView,
} from '@portal/contract/settings';
import type { z } from 'zod';
import { scopeOf, tenantScope, type Actor, type TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import { settingsChangeWaits, type FourEyes, type SettingsChanges } from '../approvals/four-eyes.ts';
import type { SettingsRepo } from './settings.repo.ts';

type Update = z.output<typeof TenantSettingsUpdateSchema>;

/** Only the leaves that differ, for the audit trail ('integrity.retirementAge': 60 → 62). */
function changedLeaves(before: unknown, after: unknown, path = ''): [string, unknown, unknown][] {
  if (before && after && typeof before === 'object' && typeof after === 'object') {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].flatMap((k) =>
      changedLeaves(
        (before as Record<string, unknown>)[k],
        (after as Record<string, unknown>)[k],
        path ? `${path}.${k}` : k,
      ),
    );
  }
  return before === after ? [] : [[path, before, after]];
}

/** `patch` laid over `base`, object by object (a value left out keeps the base's). */
function deepMerge(base: unknown, patch: unknown): unknown {
  if (!patch || typeof patch !== 'object' || Array.isArray(patch)) return patch === undefined ? base : patch;
  const out: Record<string, unknown> = { ...(base && typeof base === 'object' ? base : {}) };
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) out[k] = deepMerge(out[k], v);
  return out;
}

/**
 * The tenant's settings object (issue #21; #22 adds to it): read with every default filled, changed
 * in part (what a change leaves out keeps its value), each change audited with the values before
 * and after. `onChange` hears which sections changed (the integrity rules are evaluated again).
 */
export class SettingsService implements SettingsChanges {
  constructor(
    private readonly repo: SettingsRepo,
    private readonly audit: AuditRepo,
    private readonly onChange: (scope: TenantScope, sections: string[]) => Promise<void> = async () =>
      undefined,
    /** Four-eyes (issue #30): with the second approver on, a change waits for one (app.ts hands it in). */
    private readonly fourEyes?: Pick<FourEyes, 'holdSettings' | 'pendingSettingsChanges'>,
  ) {}

  /** The settings of a scope's tenant, for the modules that apply them. */
  async of(scope: TenantScope): Promise<TenantSettings> {
    return TenantSettingsSchema.parse(await this.repo.read(scope));
  }

  /** The settings in force and the changes waiting for a second approver (issue #30). */
  async get(actor: Actor): Promise<TenantSettingsView> {
    const scope = scopeOf(actor);
    return this.#view(scope, await this.of(scope));
  }

  async #view(scope: TenantScope, settings: TenantSettings): Promise<TenantSettingsView> {
    return {
      ...settings,
      pendingChanges: (await this.fourEyes?.pendingSettingsChanges(scope.tenantId)) ?? [],
    };
  }

  /**
   * Applies the change, or (issue #30: the second approver on, four-eyes.ts `settingsChangeWaits`)
   * holds it for a different tenant admin and leaves the settings as they are.
   */
  async update(actor: Actor, patch: Update): Promise<TenantSettingsView> {
    const scope = scopeOf(actor);
    const { settings, changes, held } = await this.repo.transaction(async (tx) => {
      const before = TenantSettingsSchema.parse(await this.repo.lock(tx, scope));
      const after = TenantSettingsSchema.parse(deepMerge(before, patch));
      const changes = changedLeaves(before, after);
      if (this.fourEyes && settingsChangeWaits(before, changes)) {
        await this.fourEyes.holdSettings(tx, actor, {
          before,
          after,
          changes: changes.map(([setting, b, a]) => ({ setting, before: b, after: a })),
        });
        return { settings: before, changes, held: true };
      }
      if (changes.length > 0) await this.#write(tx, scope, after, changes, actor, null);
      return { settings: after, changes, held: false };
    });
    if (changes.length > 0 && !held) await this.changed(scope.tenantId, sectionsOf(changes));
    return this.#view(scope, settings);
  }

  /** An approved SETTINGS_CHANGE (four-eyes.ts): applied only on the settings it was asked on. */
  async applyApproved(
    tx: Orm,
    tenantId: string,
    change: { before: TenantSettings; after: TenantSettings; makerEmail: string },
    by: Actor,
  ): Promise<string[] | null> {
    const scope = tenantScope(tenantId);
    const now = TenantSettingsSchema.parse(await this.repo.lock(tx, scope));
    if (changedLeaves(now, TenantSettingsSchema.parse(change.before)).length > 0) return null;
    const after = TenantSettingsSchema.parse(change.after);
    const changes = changedLeaves(now, after);
    if (changes.length > 0)
      await this.#write(
        tx,
        scope,
        after,
        changes,
        by,
        `Requested by ${change.makerEmail}; approved by ${by.email}`,
      );
    return sectionsOf(changes);
  }

  async changed(tenantId: string, sections: string[]): Promise<void> {
    await this.onChange(tenantScope(tenantId), sections);
  }

  async #write(
    tx: Orm,
    scope: TenantScope,
    after: TenantSettings,
    changes: [string, unknown, unknown][],
    actor: Actor,
    note: string | null,
  ): Promise<void> {
    await this.repo.write(tx, scope, after, actor.userId);
    await this.audit.append(
      {
        tenantId: scope.tenantId,
        actorUserId: actor.userId,
        actorEmail: actor.email,
        address: actor.address ?? null,
        action: 'TENANT_SETTINGS_UPDATED',
        entityType: 'tenant',
        entityId: scope.tenantId,
        before: Object.fromEntries(changes.map(([k, b]) => [k, b])),
        after: Object.fromEntries(changes.map(([k, , a]) => [k, a])),
        note,
      },
      tx,
    );
  }
}

const sectionsOf = (changes: [string, unknown, unknown][]) => [
  ...new Set(changes.map(([k]) => k.split('.')[0]!)),
];

import {
  TenantSettingsSchema,
  type TenantSettings,
  type TenantSettingsUpdateSchema,
} from '@portal/contract/settings';
import type { z } from 'zod';
import { scopeOf, type Actor, type TenantScope } from '../../access/actor.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
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
export class SettingsService {
  constructor(
    private readonly repo: SettingsRepo,
    private readonly audit: AuditRepo,
    private readonly onChange: (scope: TenantScope, sections: string[]) => Promise<void> = async () =>
      undefined,
  ) {}

  /** The settings of a scope's tenant, for the modules that apply them. */
  async of(scope: TenantScope): Promise<TenantSettings> {
    return TenantSettingsSchema.parse(await this.repo.read(scope));
  }

  async get(actor: Actor): Promise<TenantSettings> {
    return this.of(scopeOf(actor));
  }

  async update(actor: Actor, patch: Update): Promise<TenantSettings> {
    const scope = scopeOf(actor);
    const { settings, changes } = await this.repo.transaction(async (tx) => {
      const before = TenantSettingsSchema.parse(await this.repo.lock(tx, scope));
      const after = TenantSettingsSchema.parse(deepMerge(before, patch));
      const changes = changedLeaves(before, after);
      if (changes.length > 0) {
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
            note: null,
          },
          tx,
        );
      }
      return { settings: after, changes };
    });
    if (changes.length > 0) await this.onChange(scope, [...new Set(changes.map(([k]) => k.split('.')[0]!))]);
    return settings;
  }
}

import { and, eq, sql } from 'drizzle-orm';
import type { Role, UserStatus } from '@portal/contract/roles';
import type { Orm } from '../../platform/db.ts';
import { tenants, users } from '../../db/schema/index.ts';

export interface UserRow {
  id: string;
  tenantId: string | null;
  fullName: string;
  email: string;
  role: Role;
  status: UserStatus;
  passwordHash: string;
  tokenVersion: number;
}

export interface NewUser {
  tenantId: string | null;
  recordId?: string | null;
  fullName: string;
  email: string;
  role: Role;
  passwordHash: string;
  /** Default ACTIVE; PENDING_APPROVAL for a tenant admin waiting for a second approver. */
  status?: UserStatus;
  /** The account that created this one (issue #30); null for the demo seed. */
  createdBy?: string | null;
}

const columns = {
  id: users.id,
  tenantId: users.tenantId,
  fullName: users.fullName,
  email: users.email,
  role: users.role,
  status: users.status,
  passwordHash: users.passwordHash,
  tokenVersion: users.tokenVersion,
};

/**
 * Note: lookups by id and email are unscoped on purpose: sign-in and token checks happen before
 * any tenant is known, and emails are unique across the platform.
 */
export class UsersRepo {
  constructor(private readonly orm: Orm) {}

  /** `orm` lets a caller inside a transaction read through it (PGlite has one connection). */
  async findById(id: string, orm: Orm = this.orm): Promise<UserRow | undefined> {
    const [row] = await orm.select(columns).from(users).where(eq(users.id, id)).limit(1);
    return row as UserRow | undefined;
  }

  async findByEmail(email: string, orm: Orm = this.orm): Promise<UserRow | undefined> {
    const [row] = await orm
      .select(columns)
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
      .limit(1);
    return row as UserRow | undefined;
  }

  async insert(user: NewUser, orm: Orm = this.orm): Promise<UserRow> {
    const [row] = await orm
      .insert(users)
      .values({ ...user, email: user.email.trim().toLowerCase() })
      .returning(columns);
    return row as UserRow;
  }

  async recordLogin(id: string): Promise<void> {
    await this.orm
      .update(users)
      .set({ lastLoginAt: sql`now()` })
      .where(eq(users.id, id));
  }

  /** Revokes every token issued to the user so far. */
  async bumpTokenVersion(id: string): Promise<void> {
    await this.orm
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, id));
  }

  /** Links a self-service account to its master record (the demo seed; claims link on creation). */
  async linkRecord(id: string, recordId: string): Promise<void> {
    await this.orm
      .update(users)
      .set({ recordId, updatedAt: sql`now()` })
      .where(eq(users.id, id));
  }

  /** Whether the tenant a new user is to join exists. */
  async tenantExists(tenantId: string): Promise<boolean> {
    const [row] = await this.orm
      .select({ id: tenants.id })
      .from(tenants)
      .where(eq(tenants.id, tenantId))
      .limit(1);
    return Boolean(row);
  }

  async existsWithRole(role: Role): Promise<boolean> {
    const [row] = await this.orm.select({ id: users.id }).from(users).where(eq(users.role, role)).limit(1);
    return Boolean(row);
  }

  async transaction<T>(fn: (tx: Orm) => Promise<T>): Promise<T> {
    return this.orm.transaction(fn);
  }

  async setStatus(id: string, status: UserStatus): Promise<void> {
    await this.orm
      .update(users)
      .set({ status, updatedAt: sql`now()` })
      .where(and(eq(users.id, id)));
  }
}

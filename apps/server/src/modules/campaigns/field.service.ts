import {
  campaignStateOn,
  graceEndsOn,
  fieldPersonIdOf,
  type ScheduleEntry,
} from '@portal/contract/campaigns';
import {
  FIELD_MESSAGES as M,
  FIELD_SEARCH_LIMIT,
  type FieldDesk,
  type FieldNextStep,
  type FieldPerson,
  type FieldSearch,
} from '@portal/contract/field';
import { REVERIFIABLE_STATUSES, type RecordStatus } from '@portal/contract/records';
import { dayIn } from '@portal/contract/time-zone';
import { recordScopeOf, type Actor, type TenantScope } from '../../access/actor.ts';
import type { AssignedScope, Assignments } from '../../access/record-scope.repo.ts';
import { notFound } from '../../platform/errors.ts';
import { isClaimable } from '../records/record-state.ts';
import type { FieldPersonRow, FieldRepo } from './field.repo.ts';
import type { ScheduleService } from './schedule.service.ts';

export interface FieldDeps {
  repo: FieldRepo;
  schedule: ScheduleService;
  /** The agent's scope with its assignments read (records.repo's withAssignments). */
  withAssignments: <S extends TenantScope>(scope: S) => Promise<S & AssignedScope>;
  /** The text search query of a search (records.repo's searchQuery: name, PSN or Work ID). */
  searchQuery: (scope: TenantScope, q: string) => Promise<string | null>;
  timeZoneOf: (tenantId: string) => Promise<string>;
  now: () => Date;
}

/**
 * The field agent's desk (issue #33 item 6): the exercises running today over the agent's
 * assignment, today's schedule there, and the person in front of the agent, found by name, PSN,
 * Work ID or the QR code of a printed list. Outside the assignment a person is not found (404).
 */
export class FieldService {
  constructor(private readonly deps: FieldDeps) {}

  async desk(actor: Actor): Promise<FieldDesk> {
    const { repo } = this.deps;
    const scope = await this.#scope(actor);
    const today = dayIn(this.deps.now(), await this.deps.timeZoneOf(scope.tenantId));
    const running = await repo.running(scope, today);
    const exercises = [];
    for (const c of running) {
      const days = { graceEndsOn: graceEndsOn(c), today };
      const counts = await repo.counts(scope, c, days, actor.userId);
      if (counts.inAssignment === 0) continue; // nobody of the agent's postings is expected
      const schedule = await this.deps.schedule.entriesOf(scope, c.id);
      exercises.push({
        id: c.id,
        name: c.name,
        state: campaignStateOn(c, today),
        opensOn: c.opensOn,
        closesOn: c.closesOn,
        graceEndsOn: days.graceEndsOn,
        documents: c.documents,
        ...counts,
        todaySchedule: schedule.filter((e) => e.day === today && touches(e, scope.assignments)),
      });
    }
    return { today, exercises };
  }

  async search(actor: Actor, q: string): Promise<FieldSearch> {
    const scope = await this.#scope(actor);
    const id = fieldPersonIdOf(q);
    if (id) return { people: (await this.deps.repo.people(scope, { id }, 1)).map(view), more: false };
    const query = await this.deps.searchQuery(scope, q);
    if (!query) return { people: [], more: false };
    const rows = await this.deps.repo.people(scope, { query }, FIELD_SEARCH_LIMIT + 1);
    return { people: rows.slice(0, FIELD_SEARCH_LIMIT).map(view), more: rows.length > FIELD_SEARCH_LIMIT };
  }

  async person(actor: Actor, id: string): Promise<FieldPerson> {
    const [row] = await this.deps.repo.people(await this.#scope(actor), { id }, 1);
    if (!row) throw notFound(M.personNotFound);
    return view(row);
  }

  #scope(actor: Actor) {
    return this.deps.withAssignments(recordScopeOf(actor));
  }
}

/** Whether a day of the schedule brings any of the agent's postings (every day, for the whole tenant). */
function touches(e: ScheduleEntry, a: Assignments | undefined): boolean {
  if (!a) return true;
  return (
    e.ministries.some((m) => a.ministryIds.includes(m.id)) ||
    e.departments.some((d) => a.departmentIds.includes(d.id))
  );
}

function nextStep(p: FieldPersonRow): FieldNextStep {
  if (!p.claimed) return isClaimable(p.status, p.statusBeforeSuspension) ? 'CLAIM' : 'NONE';
  return (REVERIFIABLE_STATUSES as readonly string[]).includes(p.status) ? 'REVERIFY' : 'NONE';
}

const view = (p: FieldPersonRow): FieldPerson => ({
  id: p.id,
  fullName: p.fullName,
  psn: p.psn,
  employeeId: p.employeeId,
  ministry: p.ministry,
  department: p.department,
  status: p.status as RecordStatus,
  claimed: p.claimed,
  lastAppearedOn: p.lastAppearedOn,
  nextStep: nextStep(p),
});

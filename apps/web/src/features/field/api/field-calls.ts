import type { ReverifyResponse } from '@portal/contract/claims';
import type { FieldDesk, FieldExercise, FieldPerson, FieldSearch } from '@portal/contract/field';
import { FIELD_NEXT_STEPS, FIELD_PATHS } from '@portal/contract/field-paths';
import { RECORD_STATUSES } from '@portal/contract/record-statuses';
import { fetchJson } from '../../../lib/fetch-json.ts';

/*
 * The desk's calls on the field agent's page (issue #32), by plain fetch: the routes of
 * FIELD_ROUTES (desk, search, person) and CLAIMS_ROUTES.reverify with the same requests, headers and
 * failures as `callApi`, whose answers are checked by the contract's schemas, which this page does
 * not load. Each answer is read by hand; `field-calls.test.ts` holds every reader to its schema and
 * every call to `callApi`'s.
 */

/** An answer that is not the contract's: the screen says its fixed failure text, as for a bad schema. */
export class UnexpectedAnswerError extends Error {
  override readonly name = 'UnexpectedAnswerError';
}

type Fields = Record<string, unknown>;

const fieldsOf = (body: unknown): Fields => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new UnexpectedAnswerError();
  return body as Fields;
};
const text = (value: unknown): string => {
  if (typeof value !== 'string') throw new UnexpectedAnswerError();
  return value;
};
const textOrNull = (value: unknown): string | null => (value === null ? null : text(value));
const count = (value: unknown): number => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new UnexpectedAnswerError();
  return value;
};
const flag = (value: unknown): boolean => {
  if (typeof value !== 'boolean') throw new UnexpectedAnswerError();
  return value;
};
const listOf = <T>(value: unknown, read: (item: unknown) => T): T[] => {
  if (!Array.isArray(value)) throw new UnexpectedAnswerError();
  return value.map(read);
};
const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): T => {
  if (!allowed.includes(value as T)) throw new UnexpectedAnswerError();
  return value as T;
};

const CAMPAIGN_STATES = ['UPCOMING', 'OPEN', 'IN_GRACE', 'CLOSED'] as const;

const readNamed = (body: unknown) => {
  const { id, name } = fieldsOf(body);
  return { id: text(id), name: text(name) };
};

/** FieldPersonSchema by hand. */
export function readFieldPerson(body: unknown): FieldPerson {
  const f = fieldsOf(body);
  return {
    id: text(f.id),
    fullName: text(f.fullName),
    psn: textOrNull(f.psn),
    employeeId: textOrNull(f.employeeId),
    ministry: textOrNull(f.ministry),
    department: textOrNull(f.department),
    status: oneOf(f.status, RECORD_STATUSES),
    claimed: flag(f.claimed),
    lastAppearedOn: textOrNull(f.lastAppearedOn),
    nextStep: oneOf(f.nextStep, FIELD_NEXT_STEPS),
  };
}

/** FieldSearchSchema by hand. */
export function readFieldSearch(body: unknown): FieldSearch {
  const f = fieldsOf(body);
  return { people: listOf(f.people, readFieldPerson), more: flag(f.more) };
}

function readFieldExercise(body: unknown): FieldExercise {
  const f = fieldsOf(body);
  return {
    id: text(f.id),
    name: text(f.name),
    state: oneOf(f.state, CAMPAIGN_STATES),
    opensOn: text(f.opensOn),
    closesOn: text(f.closesOn),
    graceEndsOn: text(f.graceEndsOn),
    documents: listOf(f.documents, text),
    inAssignment: count(f.inAssignment),
    appeared: count(f.appeared),
    excused: count(f.excused),
    remaining: count(f.remaining),
    verifiedByMeToday: count(f.verifiedByMeToday),
    todaySchedule: listOf(f.todaySchedule, (entry) => {
      const e = fieldsOf(entry);
      return {
        day: text(e.day),
        site: text(e.site),
        ministries: listOf(e.ministries, readNamed),
        departments: listOf(e.departments, readNamed),
      };
    }),
  };
}

/** FieldDeskSchema by hand. */
export function readFieldDesk(body: unknown): FieldDesk {
  const f = fieldsOf(body);
  return { today: text(f.today), exercises: listOf(f.exercises, readFieldExercise) };
}

/** ReverifyResponseSchema by hand. */
export function readReverifyResponse(body: unknown): ReverifyResponse {
  const f = fieldsOf(body);
  return { newStatus: text(f.newStatus), message: text(f.message) };
}

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** GET /agent/exercises: the exercises running today over the agent's assignment. */
export async function fetchDesk(): Promise<FieldDesk> {
  return readFieldDesk(await fetchJson('GET', FIELD_PATHS.desk));
}

/** GET /agent/people?q=: people of the agent's assignment by name, PSN, Work ID or QR link. */
export async function searchPeople(q: string): Promise<FieldSearch> {
  return readFieldSearch(await fetchJson('GET', `${FIELD_PATHS.search}?${new URLSearchParams({ q })}`));
}

/** GET /agent/people/:id: one person of the agent's assignment (404 outside it). */
export async function fetchPerson(id: string): Promise<FieldPerson> {
  return readFieldPerson(await fetchJson('GET', withId(FIELD_PATHS.person, id)));
}

/** POST /agent/records/:id/verify: the agent re-verifies the person beside them (SSID and NIN). */
export async function reverifyPerson(
  id: string,
  body: { ssid: string; nin: string },
): Promise<ReverifyResponse> {
  return readReverifyResponse(await fetchJson('POST', withId(FIELD_PATHS.reverify, id), { body }));
}

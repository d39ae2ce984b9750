import { APPEAL_PATHS, type AppealKind } from '@portal/contract/appeal-texts';
import { fetchJson } from '../../../lib/fetch-json.ts';

/*
 * The field agent's page lodges an appeal with the person present (issue #34 item 1) by plain fetch
 * (issue #32: the page loads no zod): the requests of APPEALS_ROUTES.create and .attach as `callApi`
 * and `uploadFile` send them. Only the lodged appeal's id is read back: the page shows nothing else
 * of it. `agent-appeal-calls.test.ts` holds both to the app's calls.
 */

/** An answer without the appeal's id: the dialog says its fixed failure text. */
export class UnexpectedAnswerError extends Error {
  override readonly name = 'UnexpectedAnswerError';
}

/** The lodged appeal's id from AppealSchema's answer. */
export function readLodgedId(body: unknown): string {
  const id = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).id : undefined;
  if (typeof id !== 'string') throw new UnexpectedAnswerError();
  return id;
}

/** POST /appeals: the person's record, what happened, their grounds. */
export async function lodgeAppeal(body: {
  recordId: string;
  kind: AppealKind;
  grounds: string;
}): Promise<string> {
  return readLodgedId(await fetchJson('POST', APPEAL_PATHS.create, { body }));
}

/** POST /appeals/:id/attachments: one file, multipart 'file' (the server judges its content). */
export async function attachFile(appealId: string, file: File): Promise<void> {
  const body = new FormData();
  body.append('file', file, file.name);
  await fetchJson('POST', APPEAL_PATHS.attach.replace(':id', encodeURIComponent(appealId)), { body });
}

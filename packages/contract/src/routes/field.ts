import { z } from 'zod';
import { ApiErrorSchema } from '../errors.ts';
import { FIELD_PATHS } from '../field-paths.ts';
import { idSchema } from '../fields.ts';
import {
  FIELD_MESSAGES,
  FieldDeskSchema,
  FieldPersonSchema,
  FieldSearchQuerySchema,
  FieldSearchSchema,
} from '../field.ts';
import { defineRoute } from './define-route.ts';

const roles = ['AGENT'] as const;
const tags = ['agent'];

/** The field agent's desk (issue #33 item 6; server: modules/campaigns/field.routes.ts). */
export const FIELD_ROUTES = {
  desk: defineRoute({
    method: 'GET',
    path: FIELD_PATHS.desk,
    roles,
    tags,
    summary:
      "The verification exercises running today over the agent's assignment: documents to check, counts of its people (appeared, excused, remaining), today's schedule",
    response: FieldDeskSchema,
  }),
  search: defineRoute({
    method: 'GET',
    path: FIELD_PATHS.search,
    roles,
    tags,
    summary:
      "Find a person of the agent's assignment by name, PSN or Work ID, or by the QR code of a printed list (its link or the record id)",
    query: FieldSearchQuerySchema,
    response: FieldSearchSchema,
    errors: { 400: ApiErrorSchema },
  }),
  person: defineRoute({
    method: 'GET',
    path: FIELD_PATHS.person,
    roles,
    tags,
    summary: "One person of the agent's assignment (404 outside it)",
    params: z.object({ id: idSchema(FIELD_MESSAGES.personNotFound) }),
    response: FieldPersonSchema,
    errors: { 404: ApiErrorSchema },
  }),
};

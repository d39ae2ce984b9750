import type { FastifyInstance } from 'fastify';
import { PEOPLE_ROUTES } from '@portal/contract/routes/people';
import { serveRoute } from '../../access/route.ts';
import type { PeopleService } from './people.service.ts';

export function peopleRoutes(app: FastifyInstance, people: PeopleService): void {
  serveRoute(app, PEOPLE_ROUTES.users, async ({ actor }) => people.listUsers(actor));

  serveRoute(app, PEOPLE_ROUTES.createUser, async ({ actor, body }) => people.createUser(actor, body));

  serveRoute(app, PEOPLE_ROUTES.checkEmail, async ({ body }) => ({
    exists: await people.emailExists(body.email),
  }));

  serveRoute(app, PEOPLE_ROUTES.reviewers, async ({ actor }) => people.reviewers(actor));

  serveRoute(app, PEOPLE_ROUTES.updateAssignments, async ({ actor, params, body }) =>
    people.updateAssignments(actor, params.id, body),
  );

  serveRoute(app, PEOPLE_ROUTES.agents, async ({ actor }) => people.agents(actor));

  serveRoute(app, PEOPLE_ROUTES.updateAgentAssignments, async ({ actor, params, body }) =>
    people.updateAgentAssignments(actor, params.id, body),
  );
}

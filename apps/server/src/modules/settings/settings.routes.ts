import type { FastifyInstance } from 'fastify';
import { SETTINGS_ROUTES } from '@portal/contract/routes/settings';
import { serveRoute } from '../../access/route.ts';
import type { SettingsService } from './settings.service.ts';

export function settingsRoutes(app: FastifyInstance, settings: SettingsService): void {
  serveRoute(app, SETTINGS_ROUTES.get, async ({ actor }) => settings.get(actor));
  serveRoute(app, SETTINGS_ROUTES.update, async ({ actor, body }) => settings.update(actor, body));
}

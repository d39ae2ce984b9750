import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { HR_LISTS_ROUTES } from '@portal/contract/routes/hr-lists';
import { serveRoute } from '../../access/route.ts';
import { receiveFile } from '../records/receive-upload.ts';
import type { HrListsService } from './hr-lists.service.ts';
import type { SalaryTableService } from './salary-table.service.ts';

export function hrListsRoutes(
  app: FastifyInstance,
  deps: { hrLists: HrListsService; salaryTable: SalaryTableService; maxUploadBytes: number },
): void {
  serveRoute(app, HR_LISTS_ROUTES.list, async ({ actor }) => deps.hrLists.lists(actor));

  serveRoute(app, HR_LISTS_ROUTES.uploadSeparations, async ({ actor, request }) => {
    const file = await receiveFile(request, deps.maxUploadBytes);
    try {
      return await deps.hrLists.uploadSeparations(actor, file);
    } finally {
      fs.rmSync(file.path, { force: true });
    }
  });

  serveRoute(app, HR_LISTS_ROUTES.uploadSalaryTable, async ({ actor, request }) => {
    const file = await receiveFile(request, deps.maxUploadBytes);
    try {
      return await deps.salaryTable.upload(actor, file);
    } finally {
      fs.rmSync(file.path, { force: true });
    }
  });
}

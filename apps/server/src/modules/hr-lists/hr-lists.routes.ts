import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { NOT_ON_PAYROLL_CSV_COLUMNS } from '@portal/contract/hr-lists';
import { HR_LISTS_ROUTES } from '@portal/contract/routes/hr-lists';
import { serveRoute } from '../../access/route.ts';
import { iterateInContext } from '../../platform/tenant-context.ts';
import { receiveFile, receiveFileWithFields } from '../records/receive-upload.ts';
import type { HrListsService } from './hr-lists.service.ts';
import type { NominalRollService } from './nominal-roll.service.ts';
import type { SalaryTableService } from './salary-table.service.ts';

export function hrListsRoutes(
  app: FastifyInstance,
  deps: {
    hrLists: HrListsService;
    nominalRoll: NominalRollService;
    salaryTable: SalaryTableService;
    maxUploadBytes: number;
  },
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

  serveRoute(app, HR_LISTS_ROUTES.uploadNominalRoll, async ({ actor, request }) => {
    const file = await receiveFileWithFields(
      request,
      deps.maxUploadBytes,
      HR_LISTS_ROUTES.uploadNominalRoll.fields,
    );
    try {
      return await deps.nominalRoll.upload(actor, file, file.fields.asOf);
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

  serveRoute(app, HR_LISTS_ROUTES.notOnPayrollCsv, async ({ actor, reply }) => {
    const { fileName, lines } = await deps.nominalRoll.notOnPayrollCsv(actor);
    async function* file() {
      // UTF-8 with a byte order mark, as the payroll file: spreadsheets then read the names right.
      yield Buffer.from(`\uFEFF${NOT_ON_PAYROLL_CSV_COLUMNS.join(',')}\r\n`, 'utf8');
      for await (const block of lines) yield Buffer.from(block, 'utf8');
    }
    return (
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        // Its batches are read as the client takes them, in the reader's tenant's context.
        .send(Readable.from(iterateInContext(file())))
    );
  });
}

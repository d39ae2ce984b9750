import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerAccess, type RouteAccessRow } from './access/access.plugin.ts';
import { AccessRepo } from './access/access.repo.ts';
import { TokenHolders } from './access/token-holders.ts';
import { TokenService } from './access/tokens.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db.ts';
import { frameworkErrors, registerErrorHandling } from './platform/errors.ts';
import type { JobQueue } from './platform/jobs.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { secretBox, type Keys } from './platform/secrets.ts';
import { RequestLogAtDebug } from './platform/request-log.ts';
import { tenantTimeZone } from './platform/tenant-time-zone.ts';
import { registerCompression, registerWeb } from './platform/web.ts';
import { AuditRepo } from './modules/audit/audit.repo.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService, loginRateLimiter } from './modules/auth/auth.service.ts';
import { LoginAttemptsRepo } from './modules/auth/login-attempts.repo.ts';
import underPressure from '@fastify/under-pressure';
import type { Readiness } from '@portal/contract/routes/health';
import { healthRoutes, readinessOf, type ReadinessProbe } from './modules/health/health.routes.ts';
import { recordHttpMetrics } from './platform/metrics.ts';
import { UsersRepo } from './modules/users/users.repo.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { UsersService } from './modules/users/users.service.ts';
import { UserAdminService } from './modules/users/user-admin.service.ts';
import { OverviewRepo } from './modules/overview/overview.repo.ts';
import { overviewRoutes } from './modules/overview/overview.routes.ts';
import { OverviewService } from './modules/overview/overview.service.ts';
import { RequestMetrics } from './modules/overview/request-metrics.ts';
import { TenantsRepo } from './modules/tenants/tenants.repo.ts';
import { tenantsRoutes } from './modules/tenants/tenants.routes.ts';
import { SmsGateways } from './modules/tenants/sms-gateway.ts';
import { SmsGatewayRepo } from './modules/tenants/sms-gateway.repo.ts';
import { TenantsService } from './modules/tenants/tenants.service.ts';
import { API_BASE } from '@portal/contract/api-paths';
import type { Mailer } from './platform/mail.ts';
import { NotifyService } from './modules/notifications/notify.service.ts';
import { OutboxRepo } from './modules/notifications/outbox.repo.ts';
import { IngestRepo } from './modules/records/ingest.repo.ts';
import { RecordsRepo } from './modules/records/records.repo.ts';
import { recordsRoutes } from './modules/records/records.routes.ts';
import { RecordsService } from './modules/records/records.service.ts';
import { UploadService } from './modules/records/upload.service.ts';
import { closeIngestWorkers, warmIngestWorker } from './modules/records/parse/read-upload.ts';
import { maintainRecordsJob } from './modules/records/maintain.jobs.ts';
import { PeopleRepo } from './modules/people/people.repo.ts';
import { ExportsRepo } from './modules/exports/exports.repo.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { ExportsService } from './modules/exports/exports.service.ts';
import { ValidationRepo } from './modules/validation/validation.repo.ts';
import { PublicTenantResolver } from './access/public-tenant.ts';
import { RateLimiter } from './platform/rate-limit.ts';
import { ClaimsRepo } from './modules/claims/claims.repo.ts';
import { claimsRoutes } from './modules/claims/claims.routes.ts';
import { ClaimsService } from './modules/claims/claims.service.ts';
import { EmployeeRepo } from './modules/employee/employee.repo.ts';
import { EmployeeService } from './modules/employee/employee.service.ts';
import {
  ProviderSettings,
  TenantLegalBasis,
  TenantMatchSettings,
} from './modules/identity/provider-settings.ts';
import { SettingsRecompare } from './modules/verification/settings-recompare.ts';
import { SettingsRecompareRepo } from './modules/verification/settings-recompare.repo.ts';
import { CLAIM_MESSAGES } from '@portal/contract/claims';
import { validationRoutes } from './modules/validation/validation.routes.ts';
import { ValidationService } from './modules/validation/validation.service.ts';
import { StatsRepo } from './modules/verification/stats.repo.ts';
import { VerificationRepo } from './modules/verification/verification.repo.ts';
import { AccountCheckRepo } from './modules/verification/account-check.repo.ts';
import { AccountCheckService } from './modules/verification/account-check.service.ts';
import { verificationRoutes } from './modules/verification/verification.routes.ts';
import { VerificationService } from './modules/verification/verification.service.ts';
import { comparisonOf } from './modules/verification/compare.ts';
import { peopleRoutes } from './modules/people/people.routes.ts';
import { CrossTenantIndexRepo } from './modules/integrity/cross-tenant-index.repo.ts';
import { crossTenantKey } from './modules/integrity/cross-tenant-key.ts';
import { IntegrityRepo } from './modules/integrity/integrity.repo.ts';
import { integrityDecisions } from './modules/integrity/integrity-decisions.ts';
import { countSharingRemoved } from './modules/integrity/removed-identity.repo.ts';
import { AuditLogRepo } from './modules/audit/audit-log.repo.ts';
import { AuditLogService } from './modules/audit/audit-log.service.ts';
import { auditRecordViews, auditRoutes } from './modules/audit/audit.routes.ts';
import { integrityRequester } from './modules/integrity/integrity.jobs.ts';
import { evaluateIntegrityAfterChanges, integrityRoutes } from './modules/integrity/integrity.routes.ts';
import { IntegrityService } from './modules/integrity/integrity.service.ts';
import { approvalsRoutes, exportChangesRoutes } from './modules/approvals/approvals.routes.ts';
import { ExportChanges } from './modules/approvals/export-changes.ts';
import { FourEyes, secondApproverOn } from './modules/approvals/four-eyes.ts';
import { ReasonCodesService } from './modules/approvals/reason-codes.ts';
import { SettingsRepo } from './modules/settings/settings.repo.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { PeopleService } from './modules/people/people.service.ts';
import { AppealAttachmentsRepo } from './modules/appeals/appeal-attachments.repo.ts';
import { appealAttachmentsRoutes } from './modules/appeals/appeal-attachments.routes.ts';
import { AppealAttachmentsService } from './modules/appeals/appeal-attachments.service.ts';
import { AppealsRepo } from './modules/appeals/appeals.repo.ts';
import { publicAppealRoutes } from './modules/appeals/public-appeal.routes.ts';
import { PublicAppealService } from './modules/appeals/public-appeal.service.ts';
import { appealsRoutes } from './modules/appeals/appeals.routes.ts';
import { HrListUploader } from './modules/hr-lists/hr-list-upload.ts';
import { HrListUploadRepo } from './modules/hr-lists/hr-list-upload.repo.ts';
import { HrListsRepo } from './modules/hr-lists/hr-lists.repo.ts';
import { hrListsRoutes } from './modules/hr-lists/hr-lists.routes.ts';
import { HrListsService } from './modules/hr-lists/hr-lists.service.ts';
import { NominalRollRepo } from './modules/hr-lists/nominal-roll.repo.ts';
import { NominalRollService } from './modules/hr-lists/nominal-roll.service.ts';
import { SalaryTableService } from './modules/hr-lists/salary-table.service.ts';
import { AppealsService } from './modules/appeals/appeals.service.ts';
import { AppealFiguresRepo } from './modules/appeals/appeal-figures.repo.ts';
import { ArrearsReport } from './modules/appeals/arrears-report.ts';
import { ArrearsReportRepo } from './modules/appeals/arrears-report.repo.ts';
import { AppearanceLog } from './modules/campaigns/appearances.ts';
import { CampaignsRepo } from './modules/campaigns/campaigns.repo.ts';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes.ts';
import { CampaignsService } from './modules/campaigns/campaigns.service.ts';
import { FieldRepo } from './modules/campaigns/field.repo.ts';
import { fieldRoutes } from './modules/campaigns/field.routes.ts';
import { FieldService } from './modules/campaigns/field.service.ts';
import { ScheduleRepo } from './modules/campaigns/schedule.repo.ts';
import { scheduleRoutes } from './modules/campaigns/schedule.routes.ts';
import { ScheduleService } from './modules/campaigns/schedule.service.ts';

/** Requests a connection serves before it is closed, when several API processes share the port. */
export const REQUESTS_PER_CONNECTION = 1_000;

export interface AppDeps {
  config: Config;
  db: Database;
  jobs: JobQueue;
  keys: Keys;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** The clock of the rules that read today's date (verification exercises); the system's by default. */
  now?: () => Date;
  /** Throws when a migration this code knows is not applied (readiness); none by default. */
  migrationsPending?: () => Promise<void>;
}

export interface PortalApp {
  app: FastifyInstance;
  routeTable: () => RouteAccessRow[];
  /** What /readyz answers now (also the portal_ready metric). */
  readiness: () => Promise<Readiness>;
}

/** Platform plugins first, then the modules; every route is checked by access/ before it runs. */
export async function buildApp(deps: AppDeps): Promise<PortalApp> {
  const { config, db, jobs, keys } = deps;
  const app = Fastify({
    loggerInstance: deps.log,
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    // Starting is slow on a loaded machine, not broken: the upload worker's warm-up (an onReady
    // hook) took over Fastify's default 10 s at load 8 under tsx and the start failed (DECISIONS 253).
    pluginTimeout: 60_000,
    // A request that reaches a closing process is still answered (not a 503): during a rolling
    // restart of API_PROCESSES the supervisor may hand a connection to a process that has just
    // begun to close, and in-flight work finishes before the database closes (DECISIONS 121).
    return503OnClosing: false,
    // With several API processes, a connection is closed after 1,000 requests (its last answer
    // says `Connection: close`) so that the client's next connection is handed out again:
    // node:cluster deals out connections, not requests, and a few long-lived ones (a proxy's, a
    // load test's) otherwise stayed with one process while the other idled (DECISIONS 127).
    maxRequestsPerSocket: config.apiProcesses > 1 ? REQUESTS_PER_CONNECTION : 0,
    frameworkErrors,
    logController: new RequestLogAtDebug(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerSecurityHeaders(app, config.production);
  await app.register(cookie);
  await app.register(multipart, { limits: { files: 1, fields: 10, fileSize: config.upload.maxBytes } });
  await registerCompression(app);
  await registerOpenApi(app);

  const users = new UsersRepo(db.orm);
  const audit = new AuditRepo(db.orm);
  const tokens = new TokenService(keys.jwt, config.jwtTtlSeconds);
  const accessRepo = new AccessRepo(db.orm);
  // Signed-in users' rows, remembered per process and forgotten at each change's commit (issue #23).
  const holders = new TokenHolders(accessRepo);
  await holders.start(db);
  const routeTable = registerAccess(app, { tokens, holders });
  const tenants = new TenantsRepo(db.orm);
  const matchSettings = new TenantMatchSettings(tenants);

  // Payroll integrity (issue #21): a route that changes records asks for an evaluation of the rules.
  const integrityRepo = new IntegrityRepo(db.orm);
  const requestIntegrity = integrityRequester(integrityRepo, jobs);
  evaluateIntegrityAfterChanges(app, requestIntegrity);
  // Defensible decisions (issue #22): reason codes, and the second approver of what takes pay away.
  const reasonCodes = new ReasonCodesService(db.orm, audit);
  const fourEyes = new FourEyes(db.orm, audit, reasonCodes, integrityDecisions(integrityRepo));
  const decisions = { orm: db.orm, reasonCodes, fourEyes };
  // The audit log (issue #22): opening a record's comparison or history is a view of personal data.
  auditRecordViews(app, audit);

  const overviewRepo = new OverviewRepo(db.orm);
  const metrics = new RequestMetrics(overviewRepo, app.log);
  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith(API_BASE)) metrics.record(reply.statusCode, reply.elapsedTime);
  });
  app.addHook('onReady', async () => metrics.start());
  app.addHook('onClose', async () => metrics.stop());
  // An upload's worker thread is started (and has loaded its code) before the portal is ready, so
  // the first upload does not wait for it either. A job-only process takes no uploads.
  if (config.role !== 'worker')
    app.addHook('onReady', async () => warmIngestWorker(config.upload.workerMaxMemoryMb));
  app.addHook('onClose', closeIngestWorkers);

  // Event-loop pressure (issue #37 item 3): measured by @fastify/under-pressure and reported by
  // /readyz only; requests already here are still served (pressureHandler lets them through), the
  // proxy stops sending new ones once readiness fails.
  await app.register(underPressure, {
    maxEventLoopDelay: config.readyMaxEventLoopDelayMs,
    pressureHandler: () => undefined,
  });
  const probe: ReadinessProbe = {
    database: () => db.ping(),
    jobs: () => jobs.ping(),
    migrations: deps.migrationsPending ?? (async () => undefined),
    eventLoop: async () => {
      if (app.isUnderPressure())
        throw new Error(`event loop delay ${app.memoryUsage().eventLoopDelay.toFixed(0)} ms`);
    },
  };
  healthRoutes(app, probe);
  recordHttpMetrics(app);
  authRoutes(
    app,
    new AuthService(
      users,
      new LoginAttemptsRepo(db.orm),
      audit,
      tokens,
      config.login,
      loginRateLimiter(db.orm, config.login),
    ),
    async (request) =>
      new PublicTenantResolver(accessRepo, config.portalDomain).named(request).catch(() => undefined),
  );
  const people = new PeopleRepo(db.orm);
  usersRoutes(app, new UsersService(holders, people));
  const userAdmin = new UserAdminService(users, audit);
  tenantsRoutes(
    app,
    new TenantsService(
      tenants,
      audit,
      secretBox(keys.atRest, keys.atRestPrevious),
      config.provider.allowPrivateAddresses,
      new SettingsRecompare(new SettingsRecompareRepo()),
    ),
    userAdmin,
    new SmsGateways(new SmsGatewayRepo(db.orm), audit, secretBox(keys.atRest, keys.atRestPrevious)),
  );
  peopleRoutes(app, new PeopleService(people, userAdmin, audit, fourEyes));
  overviewRoutes(app, new OverviewService(overviewRepo, metrics));
  const recordsRepo = new RecordsRepo(db.orm);
  const recordsService = new RecordsService(recordsRepo);
  recordsRoutes(app, {
    records: recordsService,
    uploads: new UploadService(
      new IngestRepo(db, comparisonOf),
      config.upload,
      matchSettings,
      audit,
      secondApproverOn,
      async (reason) => {
        // Maintenance is best effort: the upload has committed whatever happens here.
        await jobs
          .send(maintainRecordsJob, { reason })
          .catch((err: unknown) => app.log.warn({ err }, reason));
      },
      countSharingRemoved,
    ),
    notify: new NotifyService(
      new OutboxRepo(db.orm),
      audit,
      jobs,
      deps.mailer,
      config.publicUrlTemplate,
      app.log,
    ),
    maxUploadBytes: config.upload.maxBytes,
  });
  // The HR lists beside the master list (issue #35), read by the same upload machinery.
  const hrListUploader = new HrListUploader(
    new HrListUploadRepo(db),
    { ...config.upload, batchRows: config.upload.hrListBatchRows },
    audit,
  );
  const nominalRoll = new NominalRollService(new NominalRollRepo(db), hrListUploader, audit);
  hrListsRoutes(app, {
    hrLists: new HrListsService(new HrListsRepo(db), hrListUploader, nominalRoll),
    nominalRoll,
    salaryTable: new SalaryTableService(hrListUploader),
    maxUploadBytes: config.upload.maxBytes,
  });
  // Claims and re-verifications write who appeared (issue #33), on the portal's clock.
  const now = deps.now ?? (() => new Date());
  const appearances = new AppearanceLog({
    timeZoneOf: (tenantId, orm) => tenantTimeZone(orm, tenantId),
    now,
  });
  const claims = new ClaimsService(
    new ClaimsRepo(db.orm),
    users,
    audit,
    tokens,
    {
      perIp: new RateLimiter(db.orm, config.claimRate.perIp, 60_000, CLAIM_MESSAGES.rateLimited),
      perTenant: new RateLimiter(db.orm, config.claimRate.perTenant, 60_000, CLAIM_MESSAGES.rateLimited),
    },
    appearances,
  );
  const publicTenants = new PublicTenantResolver(accessRepo, config.portalDomain);
  claimsRoutes(app, {
    claims,
    employee: new EmployeeService(
      new EmployeeRepo(db.orm),
      recordsRepo,
      audit,
      new ProviderSettings(tenants, secretBox(keys.atRest, keys.atRestPrevious)),
      config.provider,
      appearances,
    ),
    tenants: publicTenants,
  });
  exportsRoutes(app, new ExportsService(new ExportsRepo(db.orm), audit, jobs));
  validationRoutes(
    app,
    new ValidationService(
      new ValidationRepo(db.orm),
      recordsRepo,
      recordsService,
      audit,
      matchSettings,
      decisions,
    ),
  );
  // What appeals came to (issue #34 item 5): on the overview and each exercise's report.
  const appealFigures = new AppealFiguresRepo(db.orm);
  verificationRoutes(
    app,
    new VerificationService(
      new VerificationRepo(db.orm),
      recordsRepo,
      new StatsRepo(db.orm),
      audit,
      jobs,
      matchSettings,
      appealFigures,
    ),
    recordsService,
    new TenantLegalBasis(tenants),
    new AccountCheckService(new VerificationRepo(db.orm), new AccountCheckRepo(db.orm), audit, jobs),
  );
  const settings = new SettingsService(
    new SettingsRepo(db.orm),
    audit,
    async (scope, sections) => {
      // The time zone moves the day the rules are evaluated as of (issue #31 item 12).
      if (sections.includes('integrity') || sections.includes('timeZone'))
        await requestIntegrity(scope.tenantId, 'settings changed');
    },
    fourEyes,
  );
  // Issue #30: an approved change of the settings is applied by the settings module.
  fourEyes.applySettingsWith(settings);
  settingsRoutes(app, settings);
  integrityRoutes(
    app,
    new IntegrityService(
      integrityRepo,
      recordsRepo,
      recordsService,
      settings,
      audit,
      requestIntegrity,
      decisions,
    ),
    new CrossTenantIndexRepo(db.orm, crossTenantKey(keys.crossTenant)),
  );
  approvalsRoutes(app, reasonCodes, fourEyes);
  // The people behind an export's figures (issue #30).
  exportChangesRoutes(app, new ExportChanges(db.orm, audit, reasonCodes));

  auditRoutes(
    app,
    new AuditLogService(
      new AuditLogRepo(db.orm),
      (scope, text, limit) => recordsRepo.idsMatching(scope, text, limit),
      audit,
    ),
  );

  // Verification exercises (issue #33): their days are the tenant's, their today from `now`.
  const campaignsRepo = new CampaignsRepo(db.orm);
  const campaigns = new CampaignsService({
    repo: campaignsRepo,
    audit,
    org: people,
    timeZoneOf: (tenantId, orm = db.orm) => tenantTimeZone(orm, tenantId),
    now,
    fourEyes,
    progressMaxAgeMs: config.progressMaxAgeSeconds * 1000,
    appealFigures,
  });
  // An approved excusal is applied by the exercises' module (issue #33).
  fourEyes.applyCampaignsWith(campaigns);
  campaignsRoutes(app, campaigns);
  // Their schedules and sites' printed lists, and the field agent's desk (issue #33 items 1 and 6).
  const timeZoneOf = (tenantId: string) => tenantTimeZone(db.orm, tenantId);
  const schedule = new ScheduleService({
    repo: new ScheduleRepo(db.orm),
    campaigns: campaignsRepo,
    audit,
    org: people,
    timeZoneOf,
    now,
    publicUrlOf: (subdomain) => config.publicUrlTemplate.replace('{subdomain}', subdomain),
  });
  scheduleRoutes(app, schedule);
  fieldRoutes(
    app,
    new FieldService({
      repo: new FieldRepo(db.orm),
      schedule,
      withAssignments: (scope) => recordsRepo.withAssignments(scope),
      searchQuery: (scope, q) => recordsRepo.searchQuery(scope, q),
      timeZoneOf,
      now,
    }),
  );

  // Appeals and reinstatement (issue #34): a reinstating decision may wait for a second approver.
  const appealsRepo = new AppealsRepo(db.orm);
  const appeals = new AppealsService({
    repo: appealsRepo,
    audit,
    fourEyes,
    withAssignments: (scope) => recordsRepo.withAssignments(scope),
    now,
  });
  fourEyes.applyAppealsWith(appeals);
  appealsRoutes(
    app,
    appeals,
    new ArrearsReport({ repo: new ArrearsReportRepo(db.orm), audit, timeZoneOf, now }),
  );
  // The public appeal page: the claim's identity check, then the appeal (issue #34 item 4).
  publicAppealRoutes(app, {
    publicAppeals: new PublicAppealService({ claims, repo: appealsRepo, appeals }),
    tenants: publicTenants,
  });
  appealAttachmentsRoutes(
    app,
    new AppealAttachmentsService({
      attachments: new AppealAttachmentsRepo(db.orm),
      appeals: appealsRepo,
      reach: appeals,
      audit,
      now,
    }),
  );

  await registerWeb(app, config.webDist);
  await app.ready();
  return { app, routeTable, readiness: () => readinessOf(probe) };
}

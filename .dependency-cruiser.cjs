/**
 * The code's boundaries, one rule each (issue #19). `npm run lint` checks them with
 * `node scripts/check-boundaries.mjs`, which also refuses a loop between server folders (see there);
 * `scripts/check-boundaries.test.ts` proves that every rule here fails on a deliberate violation.
 */
const serverSrc = '^apps/server/src/';
/** The database client: the drivers, the query builder and the module that opens the connection. */
const dbClient = [
  '(^|/)node_modules/(drizzle-orm|pg|pg-copy-streams|@electric-sql/pglite)/',
  '^apps/server/src/platform/db\\.ts$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'contract-imports-nothing-ours',
      comment:
        'The contract is what server and web agree on; it must build on its own, so that neither side ' +
        'can slip its own code (or its dependencies) into the other through it.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^(apps|packages)/', pathNot: '^packages/contract/' },
    },
    {
      name: 'optima-protocol-imports-no-app',
      comment:
        'The identity-provider protocol is shared by the portal and the simulator; it must not know ' +
        'either of them, or one would carry the other.',
      severity: 'error',
      from: { path: '^packages/optima/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-never-imports-server',
      comment:
        'The browser bundle must not pull in server code (secrets, SQL, Node APIs); what both need ' +
        'lives in the contract. (The end-to-end tests in apps/web/e2e start a simulator: not the bundle.)',
      severity: 'error',
      from: { path: '^apps/web/src/' },
      to: { path: '^apps/(server|identity-sim)/' },
    },
    {
      name: 'web-features-are-independent',
      comment:
        'A feature can be changed or removed without breaking another: shared pieces go to ' +
        'components/ or lib/, page composition to app/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'access-imports-no-module',
      comment:
        'Authorization and scope rules live in access/ alone and every module applies them; access ' +
        'reading a module would make a loop and hide a rule in a feature.',
      severity: 'error',
      from: { path: '^apps/server/src/access/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'only-repositories-use-the-database',
      comment:
        'SQL lives in *.repo.ts (and the database layer: db/, platform/); routes, services and jobs ' +
        'call repositories. The composition root opens the database and hands it to them. A type-only ' +
        'import of the transaction handle is allowed: a service may pass it between repositories.',
      severity: 'error',
      from: {
        path: serverSrc,
        pathNot: [
          '\\.repo\\.ts$',
          '\\.test\\.ts$',
          '^apps/server/src/(db|platform)/',
          '^apps/server/src/(app|portal|main|bootstrap)\\.ts$',
        ],
      },
      to: { path: dbClient, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'portal-never-imports-the-simulator',
      comment:
        'The simulator stands in for the national identity provider: the portal talks to it over ' +
        'HTTP only, exactly as to the real one, so demo mode proves the real path.',
      severity: 'error',
      from: { path: serverSrc },
      to: { path: '^apps/identity-sim/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(apps|packages)/[^/]+/(dist|data)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};

export { tenants } from './tenants.ts';
export { users } from './users.ts';
export { loginAttempts } from './login-attempts.ts';
export { auditEvents } from './audit-events.ts';
export { requestMetrics, verificationCounts } from './metrics.ts';
export { ministries, departments, records, recordCounts, uploads, outbox } from './records.ts';
export { reviewerMinistries, reviewerDepartments } from './assignments.ts';
export { bulkJobs } from './bulk-jobs.ts';
export { exportJobs, exportChunks } from './exports.ts';

export { tenants } from './tenants.ts';
export { users } from './users.ts';
export { loginAttempts } from './login-attempts.ts';
export { auditEvents } from './audit-events.ts';
export { requestMetrics, verificationCounts } from './metrics.ts';
export {
  ministries,
  departments,
  records,
  recordCounts,
  uploads,
  outbox,
  outboxTexts,
  smsOutbox,
} from './records.ts';
export { reviewerMinistries, reviewerDepartments } from './assignments.ts';
export { accountChecks, bulkJobItems, bulkJobs } from './bulk-jobs.ts';
export { exportJobs, exportChunks, exportMembers, exportChanges } from './exports.ts';
export { claims, claimHolds } from './claims.ts';
export { tenantSettings } from './tenant-settings.ts';
export { integrityFlags, integrityPostingFigures, integrityState } from './integrity.ts';
export { approvals, reasonCodes } from './decisions.ts';
export { rateLimits } from './rate-limits.ts';
export {
  appearances,
  campaignExcusals,
  campaigns,
  campaignExtensions,
  campaignSchedule,
  campaignReminderRuns,
  campaignReminders,
  campaignSuspensionRecords,
  campaignSuspensions,
} from './campaigns.ts';
export { appeals, appealMessages, appealAttachments } from './appeals.ts';
export { hrListUploads, nominalRoll, nominalRollMinistries, separations } from './hr-lists.ts';
export { salaryTable } from './salary-table.ts';

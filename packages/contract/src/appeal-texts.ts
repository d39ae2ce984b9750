/**
 * The appeals' kinds, limits and messages without zod (issue #32): the field agent's page lodges an
 * appeal with the person present and loads no schema library. `appeals.ts` builds the schemas on
 * these and re-exports them.
 */

/** What the appellant says happened. */
export const APPEAL_KINDS = ['NOT_ME', 'WAS_PRESENT', 'APPROVED_LEAVE', 'WRONG_DATA', 'OTHER'] as const;
export type AppealKind = (typeof APPEAL_KINDS)[number];

export const APPEAL_KIND_LABELS: Record<AppealKind, string> = {
  NOT_ME: 'Not me',
  WAS_PRESENT: 'I was present',
  APPROVED_LEAVE: 'I was on approved leave',
  WRONG_DATA: 'Wrong data',
  OTHER: 'Other',
};

export const APPEAL_LIMITS = {
  groundsMax: 4000,
  questionMax: 2000,
  answerMax: 4000,
  noteMax: 2000,
  /** Attachments: PDF, PNG or JPEG, judged by their content; at most this many bytes each. */
  attachmentMaxBytes: 5 * 1024 * 1024,
  attachmentsPerAppeal: 10,
} as const;
export const APPEAL_ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type AttachmentContentType = (typeof APPEAL_ATTACHMENT_TYPES)[number];

export const APPEAL_MESSAGES = {
  notFound: 'Appeal not found',
  recordNotFound: 'Record not found',
  /** 409: only a decision that took the person off the payroll is appealed. */
  notAppealable: 'Only a record that was rejected, confirmed as a ghost or suspended can be appealed.',
  alreadyOpen: 'An appeal about this record is already being heard.',
  recordRequired: 'recordId is required',
  noOwnRecord: 'Your account is not linked to a record.',
  decided: 'This appeal has already been decided.',
  awaitingApproval: 'A decision on this appeal is waiting for a second approver.',
  notAwaitingEmployee: 'There is no question waiting for an answer.',
  handlerNotFound: 'The handler must be a tenant admin, or a reviewer assigned to the record.',
  /** 409: the record moved since (e.g. the person appeared): it is no longer off the payroll. */
  noLongerOff:
    'The record is no longer off the payroll, so there is nobody to reinstate: decide the appeal as withdrawn or rejected.',
  lodged: 'Your appeal has been lodged. You will see its progress and the decision here.',
  lodgedOnBehalf: 'The appeal has been lodged.',
  decidedMessage: 'The appeal has been decided.',
  awaitsApproval:
    'The decision puts the person back on the path to the payroll, so it waits for a second approver: a different tenant admin must approve it in Pending my approval.',
  attachmentType: 'Only PDF, PNG or JPEG files can be attached.',
  attachmentTooLarge: `An attachment cannot be larger than ${APPEAL_LIMITS.attachmentMaxBytes / 1024 / 1024} MB.`,
  attachmentsFull: `An appeal takes at most ${APPEAL_LIMITS.attachmentsPerAppeal} attachments.`,
  attachmentNotFound: 'Attachment not found',
  /** 409 on the public page: a rejection is appealed with a field agent or by letter. */
  publicOnlySuspended:
    'Only a person suspended for not appearing at a verification exercise can appeal on this page. To appeal another decision, see a field agent or write to the payroll office.',
  lodgedPublic:
    'Your appeal has been lodged. Keep its reference: the payroll office will tell you its decision, and you can ask about it with the reference.',
} as const;

/** The paths of the calls the field agent's page makes (routes/appeals.ts declares its routes on them). */
export const APPEAL_PATHS = {
  create: '/api/v1/appeals',
  attach: '/api/v1/appeals/:id/attachments',
} as const;

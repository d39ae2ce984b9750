import { APPROVAL_MESSAGES } from '@portal/contract/decisions';
import { EXPORT_MESSAGES } from '@portal/contract/exports';

/**
 * Texts of the Payroll Export tab (SPEC §2, §8). Toast texts come from the contract; the rest are
 * candidates for lib/ui-texts.ts.
 */
export const EXPORTS_TEXTS = {
  title: 'Payroll Export',
  subtitle:
    'Download the validated records of your tenant as a CSV file for payroll. Each export is a snapshot of the records at the moment it was generated.',
  generate: 'Generate New Export',
  initiating: 'Initiating...',
  initiated: EXPORT_MESSAGES.initiated,
  initiateFailed: EXPORT_MESSAGES.initiateFailed,
  loadFailed: EXPORT_MESSAGES.loadFailed,
  downloadFailed: EXPORT_MESSAGES.downloadFailed,
  historyTitle: 'Export History',
  tableLabel: 'Payroll exports',
  loading: 'Loading export history...',
  columns: {
    status: 'Status',
    recordCount: 'Records',
    exportedBy: 'Initiated By',
    exportDate: 'Export Date',
    download: 'Download',
  },
  download: 'Download',
  downloading: 'Downloading...',
  /** Read after 'Download' by screen readers, so every row's button has its own name. */
  downloadContext: (date: string) => ` the export of ${date}`,
  notReady: 'Available when the export has completed',
  /** Under the disabled Download of an export awaiting its second approver (issue #22). */
  awaitingApproval: 'Awaiting a second approver: approve it in Pending my approval',
  awaitingApprovalTooltip: APPROVAL_MESSAGES.exportAwaiting,
  approvedBy: (email: string) => `Approved by ${email}`,
  emptyTitle: EXPORT_MESSAGES.noExports,
  emptyMessage: 'Generate a new export to download the validated records as a CSV file.',
  fileName: (id: string) => `${id}.csv`,
} as const;

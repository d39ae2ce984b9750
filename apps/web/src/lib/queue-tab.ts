/**
 * The validation queue's open tab as a search parameter (`?tab=pending`, `?tab=mismatched`), so
 * the overview's cards can open either tab. Lives in lib because two features share it.
 */
export const QUEUE_TAB_PARAM = 'tab';

export const QUEUE_TABS = ['pending', 'mismatched'] as const;
export type QueueTab = (typeof QUEUE_TABS)[number];

/** The tab a `?tab=` value names; Pending Approval for a missing or unknown one. */
export function parseQueueTab(value: string | null): QueueTab {
  return QUEUE_TABS.find((tab) => tab === value) ?? 'pending';
}

/** `path` opened on the `tab` queue, e.g. '/dashboard/tenant-admin/validation?tab=mismatched'. */
export function queueTabHref(path: string, tab: QueueTab): string {
  return `${path}?${new URLSearchParams({ [QUEUE_TAB_PARAM]: tab }).toString()}`;
}

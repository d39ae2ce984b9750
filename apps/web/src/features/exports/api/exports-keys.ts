/** Query keys of this feature; the generate mutation invalidates through them. */
export const exportKeys = {
  jobs: ['tenant-admin', 'export-logs'] as const,
};

/**
 * Router state that opens the master records list narrowed to given record ids (the uploader's
 * 'View Records'). Lives in lib because two features share it; the ids travel in history state,
 * not the URL, since one upload can flag thousands of records.
 */
export interface RecordsFocusState {
  focusRecordIds: string[];
}

export function recordsFocusState(ids: readonly string[]): RecordsFocusState {
  return { focusRecordIds: [...ids] };
}

/** The ids of a location's state, or [] when the state is anything else. */
export function readRecordsFocus(state: unknown): string[] {
  if (typeof state !== 'object' || state === null || !('focusRecordIds' in state)) return [];
  const ids = (state as { focusRecordIds: unknown }).focusRecordIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

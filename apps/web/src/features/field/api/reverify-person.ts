import { useReverifyMutation } from '../../../lib/reverify-record.ts';
import { fieldKeys } from './field-keys.ts';

/**
 * The agent re-verifies the person in front of it (the person's id is their record's id): a check
 * that passes makes them appear, so the card, the search and the desk's counts are read again.
 */
export const useReverifyPerson = () => useReverifyMutation(fieldKeys.all);

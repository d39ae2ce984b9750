import type { ChallengeResponse, InitiateResponse } from '@portal/contract/claims';
import { ApiError, NETWORK_ERROR_STATUS } from '../../lib/api-error.ts';
import { REGISTRATION_TEXTS } from './registration-texts.ts';

const M = REGISTRATION_TEXTS.messages;

/** The three steps of SPEC §2, by their SPEC names. */
export type RegistrationStep = 'initial' | 'challenge' | 'create';
export const STEP_ORDER: readonly RegistrationStep[] = ['initial', 'challenge', 'create'];

export interface RegistrationMessage {
  severity: 'success' | 'error';
  text: string;
}

export interface RegistrationState {
  step: RegistrationStep;
  /** The opaque claim id of the initiate answer; the later steps need it. */
  recordId: string | null;
  message: RegistrationMessage | null;
  /** The public account was created: the card only shows the success text until the redirect. */
  done: boolean;
  /** Counts restarts, so the forms of a new round mount empty. */
  round: number;
}

export type RegistrationAction =
  | { type: 'initiated'; response: InitiateResponse }
  | { type: 'challenged'; response: ChallengeResponse }
  | { type: 'failed'; text: string }
  | { type: 'created' }
  | { type: 'restart' };

export const initialRegistrationState: RegistrationState = {
  step: 'initial',
  recordId: null,
  message: null,
  done: false,
  round: 0,
};

/** SPEC §4 Registration: initial → challenge or create by nextStep; challenge → create on success. */
export function registrationReducer(state: RegistrationState, action: RegistrationAction): RegistrationState {
  switch (action.type) {
    case 'initiated':
      return {
        ...state,
        recordId: action.response.recordId,
        step: action.response.nextStep === 'CHALLENGE_PSN' ? 'challenge' : 'create',
        message: null,
      };
    case 'challenged':
      if (state.recordId === null) return { ...state, message: { severity: 'error', text: M.unexpected } };
      return action.response.success
        ? { ...state, step: 'create', message: { severity: 'success', text: action.response.message } }
        : { ...state, message: { severity: 'error', text: action.response.message || M.unexpected } };
    case 'failed':
      return { ...state, message: { severity: 'error', text: action.text } };
    case 'created':
      return { ...state, done: true, message: { severity: 'success', text: M.publicCreated } };
    case 'restart':
      return { ...initialRegistrationState, round: state.round + 1 };
  }
}

/** The server's message of a failed call; `fallback` when no answer with a message arrived. */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status !== NETWORK_ERROR_STATUS && error.serverMessage) {
    return error.serverMessage;
  }
  return fallback;
}

/**
 * A call that got no answer (the phone's network dropped mid-claim, issue #32) says so: SPEC §8's
 * fallbacks would blame the SSID, NIN or PSN. The step and its fields stay for another try.
 */
function failureOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === NETWORK_ERROR_STATUS
    ? REGISTRATION_TEXTS.connectionDropped
    : serverMessageOr(error, fallback);
}

const failure =
  (fallback: string) =>
  (error: unknown): string =>
    failureOr(error, fallback);

/** SPEC §8 Registration: each call's failure text; `other`, a page's own final step's. */
export const failureText = {
  initiate: failure(M.initiateFailed),
  challenge: failure(M.challengeFailed),
  create: failure(M.accountFailed),
  other: failureOr,
};

/** 'Step 2 of 3'; a record without a PSN skips the challenge but keeps the numbering. */
export function stepPosition(step: RegistrationStep): number {
  return STEP_ORDER.indexOf(step) + 1;
}

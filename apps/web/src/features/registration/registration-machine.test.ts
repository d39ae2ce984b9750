import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_STATUS } from '../../lib/api-client.ts';
import {
  failureText,
  initialRegistrationState,
  registrationReducer,
  stepPosition,
  type RegistrationAction,
  type RegistrationState,
} from './registration-machine.ts';

const run = (...actions: RegistrationAction[]): RegistrationState =>
  actions.reduce(registrationReducer, initialRegistrationState);

const initiated = (nextStep: 'CHALLENGE_PSN' | 'CREATE_ACCOUNT'): RegistrationAction => ({
  type: 'initiated',
  response: { recordId: 'claim-token', nextStep },
});

describe('registration steps (SPEC §4)', () => {
  it('goes from initial to challenge when the record has a PSN, and keeps the claim id', () => {
    expect(run(initiated('CHALLENGE_PSN'))).toMatchObject({
      step: 'challenge',
      recordId: 'claim-token',
      message: null,
    });
  });

  it('goes from initial straight to create when there is no PSN to confirm', () => {
    expect(run(initiated('CREATE_ACCOUNT')).step).toBe('create');
  });

  it('goes from challenge to create on success, showing the server message as a success', () => {
    const state = run(initiated('CHALLENGE_PSN'), {
      type: 'challenged',
      response: { success: true, message: 'Identity confirmed. Create your credentials.' },
    });
    expect(state.step).toBe('create');
    expect(state.message).toEqual({
      severity: 'success',
      text: 'Identity confirmed. Create your credentials.',
    });
  });

  it('stays on challenge when success is false and shows its message, else the unexpected-error text', () => {
    const wrong = run(initiated('CHALLENGE_PSN'), {
      type: 'challenged',
      response: { success: false, message: 'The provided PSN is incorrect.' },
    });
    expect(wrong.step).toBe('challenge');
    expect(wrong.message).toEqual({ severity: 'error', text: 'The provided PSN is incorrect.' });

    const silent = run(initiated('CHALLENGE_PSN'), {
      type: 'challenged',
      response: { success: false, message: '' },
    });
    expect(silent.message?.text).toBe('An unexpected error occurred.');
  });

  it('refuses a challenge answer when no claim id is held', () => {
    const state = run({ type: 'challenged', response: { success: true, message: 'ok' } });
    expect(state.step).toBe('initial');
    expect(state.message?.severity).toBe('error');
  });

  it('a failure keeps the step and shows the text as an error', () => {
    const state = run(initiated('CREATE_ACCOUNT'), { type: 'failed', text: 'This email is already taken' });
    expect(state).toMatchObject({
      step: 'create',
      message: { severity: 'error', text: 'This email is already taken' },
    });
  });

  it('a public account ends on the success text; a restart clears everything and counts the round', () => {
    const created = run(initiated('CREATE_ACCOUNT'), { type: 'created' });
    expect(created).toMatchObject({
      step: 'create',
      done: true,
      message: {
        severity: 'success',
        text: 'Success! Your account has been created. Redirecting to your dashboard...',
      },
    });
    const again = registrationReducer(created, { type: 'restart' });
    expect(again).toEqual({ ...initialRegistrationState, round: 1 });
  });

  it('numbers the steps 1 to 3', () => {
    expect(['initial', 'challenge', 'create'].map((step) => stepPosition(step as never))).toEqual([1, 2, 3]);
  });
});

describe('failure texts (SPEC §8 Registration)', () => {
  const server = new ApiError(429, { message: 'Too many attempts. Please wait a moment and try again.' });
  const bare = new ApiError(500);
  const offline = new ApiError(NETWORK_ERROR_STATUS, {
    message: 'Failed to fetch',
    code: NETWORK_ERROR_CODE,
  });

  it('prefers the server message', () => {
    expect(failureText.initiate(server)).toBe('Too many attempts. Please wait a moment and try again.');
    expect(failureText.challenge(server)).toBe('Too many attempts. Please wait a moment and try again.');
    expect(failureText.create(server)).toBe('Too many attempts. Please wait a moment and try again.');
  });

  it('says the connection dropped, not that the SSID, NIN or PSN is wrong, when no answer came (issue #32)', () => {
    const dropped =
      'The connection dropped before an answer came. Nothing was lost: check your signal, then try this step again.';
    expect(failureText.initiate(offline)).toBe(dropped);
    expect(failureText.challenge(offline)).toBe(dropped);
    expect(failureText.create(offline)).toBe(dropped);
  });

  it.each([
    ['no message', bare],
    ['a non-API error', new Error('boom')],
  ])('falls back to the fixed texts for %s', (_, error) => {
    expect(failureText.initiate(error)).toBe('Verification failed. Please check your SSID and NIN.');
    expect(failureText.challenge(error)).toBe('The provided PSN is incorrect.');
    expect(failureText.create(error)).toBe('Account creation failed. Please try again or contact support.');
  });
});

import { APPEAL_LIMITS } from '@portal/contract/appeals';
import { APPEALS_TEXTS } from './appeals-texts.ts';

/**
 * Texts of the public appeal page, /appeal (issue #34 item 4); the identity check before it is the
 * claim's, with its texts. The kinds' labels and the server's answers are the contract's.
 */
export const PUBLIC_APPEAL_TEXTS = {
  /** Under the step's heading, in place of the claim's 'Claim Your Secure Account'. */
  subtitle: 'Appeal a suspension',
  intro:
    'For a person suspended from the payroll for not appearing at a verification exercise, who never claimed an account. First confirm who you are, as for claiming an account; then say why the suspension is wrong.',
  step: {
    title: 'Your Appeal',
    hint: 'Tell the payroll office what happened. A person reads your appeal and decides it.',
    submit: 'Lodge Appeal',
    busy: 'Lodging appeal...',
  },
  kind: APPEALS_TEXTS.employee.kind,
  kindRequired: 'Choose what happened',
  grounds: APPEALS_TEXTS.employee.grounds,
  groundsHint: `Where you were, who saw you, or why you could not come: up to ${APPEAL_LIMITS.groundsMax} characters.`,
  failed: 'Your appeal could not be lodged. Please try again.',
  /** As the claim's steps say it. */
  startOver: 'Start Over',
  lodged: {
    reference: 'Reference',
    deadline: 'Decision due by',
  },
} as const;

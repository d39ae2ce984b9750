import { z } from 'zod';

/**
 * A tenant's SMS gateway (issue #33 item 3): an SMPP 3.4 account at an SMS aggregator or operator,
 * set by the global admin beside the identity provider. The password is sealed at rest like the
 * provider's secrets and never answered: a view says whether one is set.
 */
export const SMS_GATEWAY_MESSAGES = {
  hostRequired: 'The SMPP host is required',
  hostInvalid: 'The SMPP host is a host name or an IP address',
  port: 'The SMPP port is a whole number from 1 to 65535',
  systemIdRequired: 'The system id is required',
  systemIdTooLong: 'The system id has at most 15 characters (SMPP 3.4)',
  passwordTooLong: 'The password has at most 8 characters (SMPP 3.4)',
  passwordRequired: 'The password is required the first time',
  senderId: 'The sender id is up to 11 letters and digits, or a phone number of up to 15 digits',
} as const;
const M = SMS_GATEWAY_MESSAGES;

export const SmsGatewayInputSchema = z.object({
  host: z
    .string({ error: M.hostRequired })
    .trim()
    .min(1, { error: M.hostRequired })
    .max(253, { error: M.hostInvalid })
    .regex(/^[A-Za-z0-9.-]+$|^\[?[0-9A-Fa-f:]+\]?$/, { error: M.hostInvalid }),
  port: z.coerce
    .number({ error: M.port })
    .int({ error: M.port })
    .min(1, { error: M.port })
    .max(65535, { error: M.port }),
  systemId: z
    .string({ error: M.systemIdRequired })
    .trim()
    .min(1, { error: M.systemIdRequired })
    .max(15, { error: M.systemIdTooLong }),
  /** Blank or absent: the stored password stays. */
  password: z.string().max(8, { error: M.passwordTooLong }).nullish(),
  senderId: z
    .string({ error: M.senderId })
    .trim()
    .regex(/^[A-Za-z0-9 ]{1,11}$|^\+?\d{3,15}$/, { error: M.senderId }),
});
export type SmsGatewayInput = z.input<typeof SmsGatewayInputSchema>;

/** The gateway as a browser sees it (null: SMS is not configured for the tenant). */
export const SmsGatewayViewSchema = z
  .object({
    host: z.string(),
    port: z.number(),
    systemId: z.string(),
    senderId: z.string(),
    passwordSet: z.boolean(),
  })
  .nullable();
export type SmsGatewayView = z.infer<typeof SmsGatewayViewSchema>;

import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** False without SMTP_URL: notices then stay in the outbox. */
  readonly configured: boolean;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Real SMTP through nodemailer (SMTP_URL, e.g. smtp://user:pass@host:587). */
export function createMailer(smtpUrl: string | undefined, from: string): Mailer {
  if (!smtpUrl) {
    return {
      configured: false,
      async send() {
        throw new Error('SMTP is not configured (set SMTP_URL)');
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    configured: true,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close() {
      transport.close();
    },
  };
}

/** For logs: enough to recognise an address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

import nodemailer from 'nodemailer';

/** Sends one plain-text e-mail. */
export interface Mailer {
  readonly enabled: boolean;
  send(message: { to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

/**
 * E-mail through the SMTP server of `SMTP_URL` (smtp://user:pass@host:port, smtps://… for TLS).
 * Without it the mailer is disabled: nothing is sent and nothing fails.
 */
export function createMailer(smtpUrl: string | undefined, from: string): Mailer {
  if (!smtpUrl) return { enabled: false, send: async () => {}, close: () => {} };
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    enabled: true,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

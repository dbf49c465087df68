/** One outgoing email. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** A message kept by the dev mailbox. */
export interface StoredMail extends MailMessage {
  sentAt: Date;
}

/**
 * Sends email: through SMTP when SMTP_URL is set, otherwise into the embedded dev mailbox (the server log and
 * GET /api/dev/mailbox).
 */
export interface Mailer {
  readonly kind: 'smtp' | 'dev';
  send(message: MailMessage): Promise<void>;
  /** Dev mailbox only: the messages sent to `address`, newest first. */
  messagesTo?(address: string): StoredMail[];
  close(): Promise<void>;
}

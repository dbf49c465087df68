import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { MailMessage, Mailer, StoredMail } from './mailer';

/** Messages kept per address, and addresses kept, so a long-running dev server does not grow without bound. */
const PER_ADDRESS = 20;
const ADDRESSES = 1000;

/**
 * The embedded mailbox used without SMTP: every message is written to the server log (so the sign-in code is
 * visible where `npm start` runs) and kept in memory for GET /api/dev/mailbox.
 */
export function createDevMailbox(logger: Pick<Logger, 'info'>, clock: Clock): Mailer {
  const boxes = new Map<string, StoredMail[]>();
  return {
    kind: 'dev',
    async send(message: MailMessage) {
      const address = message.to.trim().toLowerCase();
      const box = boxes.get(address) ?? [];
      boxes.delete(address);
      box.unshift({ ...message, to: address, sentAt: clock.now() });
      box.length = Math.min(box.length, PER_ADDRESS);
      boxes.set(address, box);
      if (boxes.size > ADDRESSES) {
        const oldest = boxes.keys().next().value;
        if (oldest !== undefined) boxes.delete(oldest);
      }
      logger.info({ mail: { to: address, subject: message.subject } }, `dev mailbox: ${message.text}`);
    },
    messagesTo(address) {
      return [...(boxes.get(address.trim().toLowerCase()) ?? [])];
    },
    async close() {
      boxes.clear();
    },
  };
}

import type { Logger } from 'pino';
import type { AppConfig } from '../../config';
import type { Clock } from '../clock';
import { createDevMailbox } from './devMailbox';
import type { Mailer } from './mailer';
import { createSmtpMailer } from './smtpMailer';

export const DEFAULT_MAIL_FROM = 'Fable <no-reply@fable.example>';

/** SMTP when SMTP_URL is set, otherwise the dev mailbox. */
export function openMailer(config: AppConfig, logger: Logger, clock: Clock): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom ?? DEFAULT_MAIL_FROM);
  if (config.nodeEnv === 'production') {
    logger.warn('SMTP_URL is not set: sign-in codes are only written to the log');
  }
  return createDevMailbox(logger, clock);
}

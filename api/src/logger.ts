import pino, { type Logger } from 'pino';
import type { AppConfig } from './config';

/** Structured JSON logs on stdout (one object per line), secrets redacted. */
export function createLogger(config: Pick<AppConfig, 'logLevel' | 'nodeEnv'>): Logger {
  return pino({
    level: config.logLevel,
    base: { service: 'fable-api', env: config.nodeEnv },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-impersonate"]', '*.password', '*.token'],
      censor: '[redacted]',
    },
  });
}

import pino, { type Logger } from 'pino';
import type { AppConfig } from './config';

/** Structured JSON logs on stdout (one object per line), secrets redacted. */
export function createLogger(config: Pick<AppConfig, 'logLevel' | 'nodeEnv'>): Logger {
  return pino({
    level: config.logLevel,
    base: { service: 'fable-api', env: config.nodeEnv },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-impersonate"]',
        'req.headers["x-partner-secret"]',
        '*.password',
        '*.token',
        // Members' own OpenAI keys, wherever a body, a user row or a model chooser is logged.
        'openai_api_key',
        '*.openai_api_key',
        '*.*.openai_api_key',
        '*.*.*.openai_api_key',
        'openAiKey',
        '*.openAiKey',
        '*.apiKey',
      ],
      censor: '[redacted]',
    },
  });
}

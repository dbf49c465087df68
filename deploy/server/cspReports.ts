import type { FastifyInstance } from 'fastify';
import { CSP_REPORT_PATH } from './contentSecurityPolicy';

/** What one report says, from either format (report-uri's `csp-report` or the Reporting API's `body`). */
export interface CspViolation {
  documentUri: string;
  blockedUri: string;
  directive: string;
}

/** A report's text as one short log line: control characters (a forged newline) become '?'. */
const clip = (value: unknown) =>
  [...String(value ?? '').slice(0, 200)].map((char) => (char < ' ' || char === '\u007f' ? '?' : char)).join('');

/** The violations in a report body; anything else yields none. */
export function violationsIn(body: unknown): CspViolation[] {
  const entries = Array.isArray(body) ? body.map((entry) => (entry as { body?: unknown })?.body) : [(body as { 'csp-report'?: unknown })?.['csp-report']];
  return entries
    .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null)
    .map((entry) => ({
      documentUri: clip(entry['document-uri'] ?? entry.documentURL),
      blockedUri: clip(entry['blocked-uri'] ?? entry.blockedURL),
      directive: clip(entry['effective-directive'] ?? entry['violated-directive'] ?? entry.effectiveDirective),
    }));
}

/**
 * Logs at most `perWindow` violations per window; the rest are counted and the count logged when the next
 * window opens, so a page looping on a violation cannot flood the log.
 */
export class ReportLog {
  private windowStart = -Infinity;
  private logged = 0;
  private dropped = 0;

  constructor(
    private readonly write: (line: string) => void,
    private readonly perWindow = 20,
    private readonly windowMs = 60_000,
  ) {}

  record(violation: CspViolation, now: number): void {
    if (now - this.windowStart >= this.windowMs) {
      if (this.dropped > 0) this.write(`[csp] ${this.dropped} more violation reports were not logged`);
      this.windowStart = now;
      this.logged = 0;
      this.dropped = 0;
    }
    if (this.logged >= this.perWindow) {
      this.dropped += 1;
      return;
    }
    this.logged += 1;
    this.write(`[csp] ${violation.directive} blocked ${violation.blockedUri || '(inline)'} on ${violation.documentUri}`);
  }
}

/** POST /csp-report: browsers' violation reports, logged (rate-limited); always 204. */
export function registerCspReports(app: FastifyInstance, log = new ReportLog((line) => console.warn(line))): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(['application/csp-report', 'application/reports+json'], { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(null, null);
      }
    });
    scope.post(CSP_REPORT_PATH, { bodyLimit: 64 * 1024 }, async (request, reply) => {
      for (const violation of violationsIn(request.body)) log.record(violation, Date.now());
      return reply.code(204).send();
    });
  });
}

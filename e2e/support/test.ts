// The specs' `test`: Playwright's, with every page of the test watched for Content-Security-Policy violations.
// A test during which the browser reported one fails, whatever it asserted. Specs import { test, expect } from here.
import { expect, type BrowserContext } from '@playwright/test';
// Built on the accessibility audit (support/axe.ts): every page a test visits is also checked with axe.
import { a11yTest as base } from './axe';

export interface CspViolation {
  /** The page whose policy was violated (or whose console told of it). */
  page: string;
  /** `style-src-elem`, `script-src`, …, or `console` for a violation only the console told of. */
  directive: string;
  blocked: string;
  detail: string;
}

declare global {
  interface Window {
    __fableCspViolation?: (violation: Omit<CspViolation, 'page'>) => void;
  }
}

/** Chrome's console line for a blocked load, inline code, eval or frame. */
const CSP_CONSOLE = /Content Security Policy/i;

/** Starts recording the violations of every page of a context, present and future, into `into`. */
export async function recordCspViolations(context: BrowserContext, into: CspViolation[]): Promise<void> {
  await context.exposeBinding('__fableCspViolation', ({ page }, violation: Omit<CspViolation, 'page'>) => {
    into.push({ page: page.url(), ...violation });
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        window.__fableCspViolation?.({
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          detail: `${event.sourceFile}:${event.lineNumber} ${event.sample}`.trim(),
        });
      },
      true,
    );
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && CSP_CONSOLE.test(message.text())) {
      into.push({ page: message.page()?.url() ?? '', directive: 'console', blocked: '', detail: message.text() });
    }
  });
}

export function describeViolations(violations: readonly CspViolation[]): string {
  return violations.map((v) => `  ${v.directive} blocked ${v.blocked || '(inline)'} on ${v.page}: ${v.detail}`).join('\n');
}

export const test = base.extend<{ cspViolations: CspViolation[] }>({
  /**
   * The violations seen so far in this test. A spec that provokes one on purpose asserts it here and then empties
   * the list (`cspViolations.length = 0`); anything left fails the test.
   */
  cspViolations: [
    async ({ context }, use) => {
      const violations: CspViolation[] = [];
      await recordCspViolations(context, violations);
      await use(violations);
      if (violations.length > 0) throw new Error(`The page broke its Content-Security-Policy:\n${describeViolations(violations)}`);
    },
    { auto: true },
  ],
});

export { expect };
export type { BrowserContext, Locator, Page } from '@playwright/test';

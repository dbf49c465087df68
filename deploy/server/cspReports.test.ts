import { ReportLog, violationsIn } from './cspReports';

describe('violationsIn', () => {
  it('reads a report-uri report', () => {
    const body = { 'csp-report': { 'document-uri': 'http://localhost/chats', 'blocked-uri': 'inline', 'effective-directive': 'style-src-elem' } };
    expect(violationsIn(body)).toEqual([{ documentUri: 'http://localhost/chats', blockedUri: 'inline', directive: 'style-src-elem' }]);
  });

  it('reads Reporting API reports', () => {
    const body = [{ type: 'csp-violation', body: { documentURL: 'http://localhost/', blockedURL: 'eval', effectiveDirective: 'script-src' } }];
    expect(violationsIn(body)).toEqual([{ documentUri: 'http://localhost/', blockedUri: 'eval', directive: 'script-src' }]);
  });

  it('clips long values and control characters, and ignores anything else', () => {
    const [violation] = violationsIn({ 'csp-report': { 'document-uri': `x\n${'a'.repeat(500)}` } });
    expect(violation!.documentUri).toHaveLength(200);
    expect(violation!.documentUri.startsWith('x?')).toBe(true);
    expect(violationsIn(null)).toEqual([]);
    expect(violationsIn('text')).toEqual([]);
    expect(violationsIn([1, null])).toEqual([]);
  });
});

describe('ReportLog', () => {
  const violation = { documentUri: 'http://localhost/', blockedUri: 'inline', directive: 'style-src-elem' };

  it('logs a few per window, then counts the rest and says how many when the next window opens', () => {
    const lines: string[] = [];
    const log = new ReportLog((line) => lines.push(line), 2, 1000);
    for (let i = 0; i < 5; i += 1) log.record(violation, 10);
    expect(lines).toEqual(['[csp] style-src-elem blocked inline on http://localhost/', '[csp] style-src-elem blocked inline on http://localhost/']);
    log.record(violation, 1010);
    expect(lines.slice(2)).toEqual(['[csp] 3 more violation reports were not logged', '[csp] style-src-elem blocked inline on http://localhost/']);
  });
});

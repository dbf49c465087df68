import { ConfigError, loadConfig } from '../../config';

describe('ADMIN_EMAILS', () => {
  it('reads a comma-separated list, lower-cased and trimmed; unset means none', () => {
    expect(loadConfig({ ADMIN_EMAILS: 'Boss@Example.com, ops@example.com' }).adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
    expect(loadConfig({}).adminEmails).toBeUndefined();
    expect(loadConfig({ ADMIN_EMAILS: '' }).adminEmails).toBeUndefined();
  });

  it('refuses something that is not an email', () => {
    expect(() => loadConfig({ ADMIN_EMAILS: 'boss@example.com,nobody' })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_EMAILS: 'boss@example.com,nobody' })).toThrow('ADMIN_EMAILS');
  });
});

import { contractMismatch, majorOf } from './remoteContract';

describe('contractMismatch', () => {
  it('accepts the same major version', () => {
    expect(contractMismatch('mf_chat', '1.4.0')).toBeNull();
  });
  it('refuses another major version and says why', () => {
    expect(contractMismatch('mf_chat', '2.0.0')).toMatch(/major versions differ/);
  });
  it('refuses a remote that declares no version', () => {
    expect(contractMismatch('mf_chat', undefined)).toMatch(/does not declare/);
  });
  it('reads the major part', () => {
    expect(majorOf('3.2.1')).toBe(3);
    expect(majorOf('x')).toBe(-1);
  });
});

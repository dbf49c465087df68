import { randomBytes } from 'node:crypto';
import { createSecretBox } from './secretBox';

const key = (kid: string) => ({ kid, key: randomBytes(32) });

describe('createSecretBox (AES-256-GCM over a key ring)', () => {
  const k1 = key('k1');
  const k2 = key('k2');

  it('seals with the first key and opens what it sealed, in the same context only', () => {
    const box = createSecretBox([k1]);
    const sealed = box.seal('sk-secret-value', 'users.openai_api_key:u1');
    expect(sealed.kid).toBe('k1');
    expect(sealed.value).not.toContain('sk-secret');
    expect(box.open(sealed, 'users.openai_api_key:u1')).toBe('sk-secret-value');
    // A fresh IV each time.
    expect(box.seal('sk-secret-value', 'users.openai_api_key:u1').value).not.toBe(sealed.value);
    expect(() => box.open(sealed, 'users.openai_api_key:u2')).toThrow();
  });

  it('refuses an altered value or an unknown key id', () => {
    const box = createSecretBox([k1]);
    const sealed = box.seal('sk-secret-value', 'c');
    const bytes = Buffer.from(sealed.value, 'base64url');
    bytes[14] = (bytes[14] ?? 0) ^ 1;
    expect(() => box.open({ kid: 'k1', value: bytes.toString('base64url') }, 'c')).toThrow();
    expect(() => box.open({ kid: 'k9', value: sealed.value }, 'c')).toThrow(/k9/);
  });

  it('opens values of an older key after rotation and seals new ones with the current key', () => {
    const old = createSecretBox([k1]).seal('sk-old', 'c');
    const rotated = createSecretBox([k2, k1]);
    expect(rotated.open(old, 'c')).toBe('sk-old');
    expect(rotated.seal('sk-new', 'c').kid).toBe('k2');
    expect(rotated.currentKid).toBe('k2');
    expect(rotated.knows('k1')).toBe(true);
    expect(rotated.knows('k3')).toBe(false);
  });
});

/** One AES-256 key of the secrets key ring, named by the id stored beside each value it encrypts. */
export interface SecretKey {
  kid: string;
  key: Buffer;
}

export class SecretKeysError extends Error {}

const KID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * SECRETS_KEYS: "kid1:base64key,kid2:base64key" (32-byte keys, standard or url-safe base64). The first key encrypts
 * new values; every listed key decrypts values stored under its id, so keys rotate by putting a new one first.
 * Generate one with `node -e "console.log(require('crypto').randomBytes(32).toString('base64'))"`.
 */
export function parseSecretKeys(value: string | undefined): SecretKey[] | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  const keys: SecretKey[] = [];
  for (const pair of text.split(',')) {
    const at = pair.indexOf(':');
    const kid = pair.slice(0, at).trim();
    const encoded = pair.slice(at + 1).trim();
    if (at < 1 || !KID_PATTERN.test(kid)) {
      throw new SecretKeysError('SECRETS_KEYS must be kid:base64key pairs separated by commas (key ids of letters, digits, "-" or "_")');
    }
    const key = Buffer.from(encoded, 'base64');
    if (key.length !== 32 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(encoded)) {
      throw new SecretKeysError(`SECRETS_KEYS: key "${kid}" must be 32 bytes in base64`);
    }
    if (keys.some((k) => k.kid === kid)) throw new SecretKeysError(`SECRETS_KEYS: key id "${kid}" is listed twice`);
    keys.push({ kid, key });
  }
  return keys;
}

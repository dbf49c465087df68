// The MD5 signatures of the providers that sign fixed fields joined by '|' (Payssion's api_sig and notify_sig,
// PayOK's sign).
import { createHash } from 'node:crypto';

/** MD5 of the parts joined by '|', lower-case hex. */
export const md5OfParts = (parts: readonly string[]): string => createHash('md5').update(parts.join('|'), 'utf8').digest('hex');

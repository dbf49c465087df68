import { isPlainObject } from './cardJson';

/**
 * Lenient readers of card fields. A card in the wild may leave a field out, set it to null or give it the wrong
 * type; import keeps what can be kept, converts what can be converted and notes the rest, so the creator sees
 * a warning instead of a refusal. The readers change the parsed JSON in place (it belongs to the import); copies
 * are made with Object.fromEntries (a `__proto__` key stays a key).
 */

export class FieldNotes {
  readonly missing: string[] = [];
  readonly converted: string[] = [];
  readonly dropped: string[] = [];

  /** The notes as warnings for the creator, one per kind. */
  warnings(what = "The card's"): string[] {
    const list = (names: string[]) => names.map((n) => `"${n}"`).join(', ');
    const out: string[] = [];
    if (this.missing.length) out.push(`${what} ${list(this.missing)} ${this.missing.length === 1 ? 'was' : 'were'} missing or empty (null) and left empty.`);
    if (this.converted.length) out.push(`${what} ${list(this.converted)} had the wrong type and ${this.converted.length === 1 ? 'was' : 'were'} converted.`);
    if (this.dropped.length) out.push(`${what} ${list(this.dropped)} could not be read and ${this.dropped.length === 1 ? 'was' : 'were'} left out.`);
    return out;
  }
}

export function copyObject(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value));
}

/**
 * Reads a text field in place: strings stay, numbers and booleans become text, null or an absent required field
 * is noted as missing (and removed), anything else is dropped.
 */
export function readText(obj: Record<string, unknown>, key: string, notes: FieldNotes, required: boolean, label = key): void {
  const value = obj[key];
  if (typeof value === 'string') return;
  if (value === undefined || value === null) {
    delete obj[key];
    if (required || value === null) notes.missing.push(label);
    return;
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    obj[key] = String(value);
    notes.converted.push(label);
    return;
  }
  delete obj[key];
  notes.dropped.push(label);
}

/** Reads a list of texts in place; a single text becomes a list (split on commas when `splitText`). */
export function readTextList(obj: Record<string, unknown>, key: string, notes: FieldNotes, required: boolean, splitText = false, label = key): void {
  const value = obj[key];
  if (value === undefined || value === null) {
    delete obj[key];
    if (required || value === null) notes.missing.push(label);
    return;
  }
  if (typeof value === 'string') {
    obj[key] = splitText ? splitList(value) : value.length > 0 ? [value] : [];
    notes.converted.push(label);
    return;
  }
  if (!Array.isArray(value)) {
    delete obj[key];
    notes.dropped.push(label);
    return;
  }
  if (value.every((item) => typeof item === 'string')) return;
  const texts = value.filter((item) => typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean').map(String);
  obj[key] = texts;
  (texts.length === value.length ? notes.converted : notes.dropped).push(label);
}

/** "a, b,c" → ["a", "b", "c"]. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** Reads an object field in place (`extensions`): absent or null becomes `{}` when required. */
export function readObject(obj: Record<string, unknown>, key: string, notes: FieldNotes, required: boolean, label = key): void {
  const value = obj[key];
  if (isPlainObject(value)) return;
  if (value === undefined || value === null) {
    if (required) {
      obj[key] = {};
      notes.missing.push(label);
    } else {
      delete obj[key];
      if (value === null) notes.missing.push(label);
    }
    return;
  }
  if (required) obj[key] = {};
  else delete obj[key];
  notes.dropped.push(label);
}

/** Reads an optional number in place (a numeric text is converted). */
export function readNumber(obj: Record<string, unknown>, key: string, notes: FieldNotes, label = key): void {
  const value = obj[key];
  if (value === undefined || (typeof value === 'number' && Number.isFinite(value))) return;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    obj[key] = Number(value);
    notes.converted.push(label);
    return;
  }
  delete obj[key];
  (value === null ? notes.missing : notes.dropped).push(label);
}

/** Reads an optional boolean in place ("true"/"false" texts converted), with a default when absent. */
export function readBoolean(obj: Record<string, unknown>, key: string, notes: FieldNotes, fallback?: boolean, label = key): void {
  const value = obj[key];
  if (typeof value === 'boolean') return;
  if (value === 'true' || value === 'false') {
    obj[key] = value === 'true';
    notes.converted.push(label);
    return;
  }
  if (value !== undefined) (value === null ? notes.missing : notes.dropped).push(label);
  if (fallback === undefined) delete obj[key];
  else obj[key] = fallback;
}

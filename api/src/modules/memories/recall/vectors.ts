/**
 * Vectors as the database keeps them (memories.embedding real[]), written and read as array literals ("{0.1,0.2}")
 * so PGlite and the pg driver agree.
 */
export const vectorLiteral = (v: ArrayLike<number>) => `{${Array.from(v).join(',')}}`;

export function readVector(value: unknown): Float32Array {
  if (Array.isArray(value)) return Float32Array.from(value as number[]);
  if (typeof value === 'string') return Float32Array.from(value.replace(/^\{|\}$/g, '').split(',').filter(Boolean).map(Number));
  throw new Error('not a vector');
}

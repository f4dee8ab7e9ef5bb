import { randomUUID } from 'node:crypto';

/** The JSON Schema subset the OpenAPI document of the zod contracts uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  default?: unknown;
}

export type Rand = () => number;

/** A small seeded PRNG (mulberry32): a fuzz run is reproduced from its seed. */
export function seeded(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)];
export const intBetween = (rand: Rand, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

const alnum = 'abcdefghijklmnopqrstuvwxyz0123456789';
const randomWord = (rand: Rand, length: number, alphabet = alnum) => Array.from({ length }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('');

/** Candidate generators for a `pattern`: the first whose value matches is used. */
function fromPattern(rand: Rand, pattern: string, min: number, max: number): string | undefined {
  const re = new RegExp(pattern, 'u');
  const length = Math.max(min, Math.min(max, intBetween(rand, min || 1, Math.min(max, 12))));
  const printable = Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i)).join('');
  const candidates = [
    () => randomWord(rand, length),
    () => `/${randomWord(rand, Math.max(0, length - 1))}`,
    () => randomUUID(),
    () => randomWord(rand, length, printable),
    () => `${randomWord(rand, 3)}-${randomWord(rand, 3)}`,
    () => String(intBetween(rand, 0, 10 ** Math.min(length, 9))).padStart(length, '1'),
  ];
  for (let attempt = 0; attempt < 3; attempt++) {
    for (const make of candidates) {
      const value = make();
      if (re.test(value) && value.length >= min && value.length <= max) return value;
    }
  }
  return undefined;
}

function sampleString(rand: Rand, schema: JsonSchema): string {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Math.max(min, 24);
  if (schema.format === 'email') return `fz${randomWord(rand, 8)}@example.test`;
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'uri' || schema.format === 'url') return `http://localhost/${randomWord(rand, 6)}`;
  if (schema.pattern) {
    const fitting = fromPattern(rand, schema.pattern, min, max);
    if (fitting !== undefined) return fitting;
  }
  return randomWord(rand, Math.max(min, Math.min(max, intBetween(rand, min, min + 12))));
}

function sampleNumber(rand: Rand, schema: JsonSchema, integer: boolean): number {
  const exMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  let min = schema.minimum ?? (exMin !== undefined ? exMin + 1 : -1000);
  let max = schema.maximum ?? (exMax !== undefined ? exMax - 1 : 100_000);
  if (schema.exclusiveMinimum === true) min += 1;
  if (schema.exclusiveMaximum === true) max -= 1;
  // Small values are the interesting ones (bets, pages): stay near the low end most of the time.
  max = Math.min(max, min + pick(rand, [10, 100, 1000, 1_000_000]));
  const value = min + rand() * (max - min);
  return integer ? Math.round(value) : value;
}

/** A value that (most likely) satisfies the schema. `named` may supply a known-good value by field name. */
export function sample(rand: Rand, schema: JsonSchema, named?: (field: string) => unknown, field = ''): unknown {
  if (field && named) {
    const known = named(field);
    if (known !== undefined) return known;
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return pick(rand, schema.enum);
  if (schema.oneOf) return sample(rand, pick(rand, schema.oneOf), named, field);
  if (schema.anyOf)
    return sample(
      rand,
      pick(
        rand,
        schema.anyOf.filter((s) => s.type !== 'null'),
      ) ?? schema.anyOf[0],
      named,
      field,
    );
  if (schema.allOf) return sample(rand, Object.assign({}, ...schema.allOf), named, field);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return sampleString(rand, schema);
    case 'integer':
      return sampleNumber(rand, schema, true);
    case 'number':
      return sampleNumber(rand, schema, false);
    case 'boolean':
      return rand() < 0.5;
    case 'null':
      return null;
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map((s) => sample(rand, s, named));
      const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      const count = intBetween(rand, schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3));
      return Array.from({ length: count }, () => (items ? sample(rand, items, named) : null));
    }
    case 'object':
    default: {
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || rand() < 0.6) out[key] = sample(rand, sub, named, key);
      }
      return out;
    }
  }
}

/** A value of another JSON type than the schema asks for. */
export function wrongType(rand: Rand, schema: JsonSchema): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const others: unknown[] = [null, true, 0, -1, 1.5, 1e308, -0, '', 'x', [], [1], {}, { a: 1 }, '12', 'true', Number.MAX_SAFE_INTEGER + 2];
  const filtered = others.filter((v) => {
    if (type === 'string') return typeof v !== 'string';
    if (type === 'integer' || type === 'number') return typeof v !== 'number' || !Number.isSafeInteger(v);
    if (type === 'boolean') return typeof v !== 'boolean';
    if (type === 'array') return !Array.isArray(v);
    if (type === 'object') return v === null || typeof v !== 'object' || Array.isArray(v);
    return true;
  });
  return pick(rand, filtered);
}

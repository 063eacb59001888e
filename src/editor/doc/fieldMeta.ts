// What the inspector shows for a field, derived, not copied: type, bounds, whole-number and enum
// options read from the game's valibot schema (levelSchema.ts, which levels/level.schema.json is
// generated from), description, unit and default from src/level/levelFieldDocs.ts (the same
// words the JSON Schema's hovers show). A bound changed in the schema changes the inspector too.

import type * as v from 'valibot';
import { FIELD_DEFAULTS, FIELD_DESCRIPTIONS, FIELD_UNITS, ROPE_END_DESCRIPTIONS } from '../../level/levelFieldDocs';
import { levelSchema } from '../../level/levelSchema';
import { LIST_KEY, type EntityKind } from './levelTypes';

export type FieldType = 'number' | 'integer' | 'boolean' | 'string' | 'enum' | 'vector' | 'path' | 'ropeEnd' | 'object' | 'list';

export interface FieldMeta {
  /** Schema path: 'boxes[].mass', 'physics.gravity', 'ropes[].a'. */
  path: string;
  /** The key in its object ('mass'). */
  key: string;
  type: FieldType;
  /** Bounds (numbers; for a vector, each component's; for a string or list, its length). */
  min: number | null;
  max: number | null;
  /** For 'vector': per component [min, max]. */
  components: Array<{ min: number | null; max: number | null }> | null;
  /** For 'enum': the allowed values. */
  options: ReadonlyArray<string | number> | null;
  /** For strings with a pattern (ids). */
  pattern: RegExp | null;
  optional: boolean;
  unit: string | null;
  /** What a left-out optional field means, or null. */
  default: number | boolean | string | null;
  description: string | null;
}

type AnySchema = v.GenericSchema & { pipe?: ReadonlyArray<{ type: string; requirement?: unknown }>; wrapped?: AnySchema;
  entries?: Record<string, AnySchema>; item?: AnySchema; items?: AnySchema[]; options?: ReadonlyArray<string | number> };

/** The schema node without optional() and pipe(), with the pipe's actions. */
function unwrap(schema: AnySchema): { node: AnySchema; optional: boolean; actions: ReadonlyArray<{ type: string; requirement?: unknown }> } {
  let node = schema;
  let optional = false;
  if (node.type === 'optional' && node.wrapped) {
    optional = true;
    node = node.wrapped;
  }
  // Pipes nest (a whole number is pipe(pipe(number, min, max), integer)): flatten them.
  const actions: Array<{ type: string; requirement?: unknown }> = [];
  while (node.pipe) {
    actions.unshift(...node.pipe.slice(1));
    node = node.pipe[0] as unknown as AnySchema;
  }
  return { node, optional, actions };
}

const req = (actions: ReadonlyArray<{ type: string; requirement?: unknown }>, type: string): number | null => {
  const a = actions.find((x) => x.type === type);
  return typeof a?.requirement === 'number' ? a.requirement : null;
};

function metaOf(path: string, key: string, schema: AnySchema): FieldMeta {
  const { node, optional, actions } = unwrap(schema);
  const base: FieldMeta = {
    path, key, type: 'object', min: null, max: null, components: null, options: null, pattern: null, optional,
    unit: FIELD_UNITS[path] ?? null,
    default: Object.hasOwn(FIELD_DEFAULTS, path) ? FIELD_DEFAULTS[path] : null,
    description: FIELD_DESCRIPTIONS[path] ?? ROPE_END_DESCRIPTIONS[key] ?? null,
  };
  switch (node.type) {
    case 'number': {
      const isInt = actions.some((a) => a.type === 'integer');
      return { ...base, type: isInt ? 'integer' : 'number', min: req(actions, 'min_value'), max: req(actions, 'max_value') };
    }
    case 'boolean': return { ...base, type: 'boolean' };
    case 'string': {
      const regex = actions.find((a) => a.type === 'regex')?.requirement;
      return { ...base, type: 'string', min: req(actions, 'min_length'), max: req(actions, 'max_length'), pattern: regex instanceof RegExp ? regex : null };
    }
    case 'picklist': return { ...base, type: 'enum', options: node.options ?? [] };
    case 'strict_tuple': {
      const components = (node.items ?? []).map((item) => {
        const u = unwrap(item);
        return { min: req(u.actions, 'min_value'), max: req(u.actions, 'max_value') };
      });
      return { ...base, type: 'vector', components };
    }
    case 'array': {
      const item = node.item ? unwrap(node.item).node : undefined;
      const isPath = item?.type === 'strict_tuple';
      const components = isPath ? (item!.items ?? []).map((c) => ({ min: req(unwrap(c).actions, 'min_value'), max: req(unwrap(c).actions, 'max_value') })) : null;
      return { ...base, type: isPath ? 'path' : 'list', min: req(actions, 'min_length'), max: req(actions, 'max_length'), components };
    }
    case 'strict_object': return { ...base, type: key === 'a' || key === 'b' ? 'ropeEnd' : 'object' };
    default: return base;
  }
}

/** The object schema at a path of object keys and '[]' items ('boxes[]', 'ropes[].a'). */
function objectAt(path: string): Record<string, AnySchema> | null {
  let entries = (levelSchema as unknown as AnySchema).entries ?? null;
  if (path === '') return entries;
  for (const part of path.split('.')) {
    const isItem = part.endsWith('[]');
    const key = isItem ? part.slice(0, -2) : part;
    if (!entries || !Object.hasOwn(entries, key)) return null;
    let node = unwrap(entries[key]).node;
    if (isItem && node.item) node = unwrap(node.item).node;
    entries = node.entries ?? null;
  }
  return entries;
}

/** Metadata of every field of the object at `objectPath` ('' = the level, 'physics', 'boxes[]'), in schema order. */
export function fieldsOf(objectPath: string): FieldMeta[] {
  const entries = objectAt(objectPath);
  if (!entries) return [];
  return Object.entries(entries).map(([key, schema]) => metaOf(objectPath === '' ? key : `${objectPath}.${key}`, key, schema));
}

/** Metadata of one field by its schema path ('boxes[].mass') or JSON keys (['boxes', 3, 'mass']). */
export function fieldMeta(path: string | ReadonlyArray<string | number>): FieldMeta | null {
  const text = typeof path === 'string' ? path : schemaPath(path);
  const dot = text.lastIndexOf('.');
  const parent = dot < 0 ? '' : text.slice(0, dot);
  const key = dot < 0 ? text : text.slice(dot + 1);
  return fieldsOf(parent).find((f) => f.key === key) ?? null;
}

/** ['boxes', 3, 'mass'] -> 'boxes[].mass'. */
export function schemaPath(keys: ReadonlyArray<string | number>): string {
  let out = '';
  for (const k of keys) out += typeof k === 'number' ? '[]' : out === '' ? k : `.${k}`;
  return out;
}

/** The inspector's fields for an entity kind (the schema's, in its order). */
export function entityFields(kind: EntityKind): FieldMeta[] {
  return fieldsOf(kind === 'goal' ? 'goal' : `${LIST_KEY[kind]}[]`);
}

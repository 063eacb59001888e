// Bounds, whole-number-ness, units and defaults of a level field, read from the game's own valibot
// schema (src/level/levelSchema.ts) by walking it: the inspector has no second copy of the bounds.
// Units and defaults are not in the schema's types, so they come from the few tables below, which
// name what docs/LEVELS.md says. (Thin adapter: the editor core may offer field metadata of its
// own later; this reads the same source.)

import { defaultPhysicsSettings } from '../../sim';
import { levelSchema } from '../../level/levelSchema';
import type { PathKey } from '../doc';

export interface FieldInfo {
  min?: number;
  max?: number;
  isInteger: boolean;
  unit?: string;
  defaultValue?: number | string | boolean;
  description?: string;
}

interface SchemaNode {
  type: string;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
  items?: SchemaNode[];
  wrapped?: SchemaNode;
  pipe?: Array<{ type: string; kind?: string; requirement?: unknown }>;
}

const UNITS: Record<string, string> = {
  x: 'm', y: 'm', w: 'm', h: 'm', length: 'm', maxLength: 'm', mass: 'kg', gravity: 'm/s²', runSpeed: 'm/s',
  jumpSpeed: 'm/s', speed: 'm/s', ropeDamping: '/s', airDrag: '/s', compliance: 'm/N', breakTension: 'N',
  startAngle: '°', push: 'm/s', at: 'm', p1: 'm', p2: 'm',
};

const DEFAULTS: Record<string, number | string | boolean> = {
  ...Object.fromEntries(Object.entries(defaultPhysicsSettings()).filter(([k]) => ['gravity', 'substeps', 'runSpeed', 'jumpSpeed', 'ropeDamping', 'airDrag'].includes(k))),
  compliance: 0, breakTension: 0, startAngle: 0, spikes: false, mode: 'pingpong',
};

const DESCRIPTIONS: Record<string, string> = {
  compliance: 'stretchiness: 0 is inextensible',
  breakTension: 'the rope snaps at this tension; 0 never',
  maxLength: 'how far the rope may be reeled out',
  startAngle: 'a pendulum starts swung out by this angle (positive: to the right)',
  push: 'velocity at the start [vx, vy]',
  substeps: 'rope solver steps per tick: more is stiffer and costs more',
  airDrag: '0: a pendulum swings forever',
};

/** The schema node at `path` (list indices step into the list's item), or null. */
function nodeAt(path: readonly PathKey[]): SchemaNode | null {
  let node: SchemaNode | undefined = levelSchema as unknown as SchemaNode;
  for (const key of path) {
    while (node && (node.type === 'optional' || node.type === 'pipe') && node.wrapped) node = node.wrapped;
    if (!node) return null;
    if (typeof key === 'number') node = node.item ?? node.items?.[key];
    else node = node.entries?.[key];
  }
  while (node && node.type === 'optional' && node.wrapped) node = node.wrapped;
  return node ?? null;
}

export function fieldInfo(path: readonly PathKey[]): FieldInfo | null {
  const node = nodeAt(path);
  const key = [...path].reverse().find((k): k is string => typeof k === 'string') ?? '';
  if (!node) return null;
  const info: FieldInfo = { isInteger: false, unit: UNITS[key], defaultValue: DEFAULTS[key], description: DESCRIPTIONS[key] };
  // A tuple's first element carries the bounds of both.
  const leaf = node.items?.[0] ?? node;
  collect(leaf, info);
  return info;
}

/** Reads bounds from a pipe, and from the pipes of the schemas it starts with (boundedInt wraps bounded). */
function collect(node: SchemaNode, info: FieldInfo): void {
  for (const action of node.pipe ?? []) {
    if (action === node) continue;
    if (action.kind === 'schema') collect(action as unknown as SchemaNode, info);
    if (action.type === 'min_value' && typeof action.requirement === 'number') info.min = action.requirement;
    if (action.type === 'max_value' && typeof action.requirement === 'number') info.max = action.requirement;
    if (action.type === 'integer') info.isInteger = true;
  }
}

// The inspector's field metadata comes from the game's valibot schema (bounds, whole numbers,
// options) and src/level/levelFieldDocs.ts (words, units, defaults): checked against the generated
// levels/level.schema.json, so the three cannot disagree.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { entityFields, fieldMeta, fieldsOf, type FieldMeta } from '../../src/editor/doc';
import { defaultPhysicsSettings } from '../../src/sim';

type Node = { type?: string; minimum?: number; maximum?: number; properties?: Record<string, Node>; items?: Node | Node[]; enum?: unknown[]; description?: string };
const jsonSchema = JSON.parse(readFileSync('levels/level.schema.json', 'utf8')) as Node;

/** Every number field's metadata against the JSON Schema node at the same path. */
function walk(node: Node, path: string, out: Array<[string, Node]>): void {
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const p = path === '' ? key : `${path}.${key}`;
    out.push([p, child]);
    if (child.type === 'object') walk(child, p, out);
    if (child.type === 'array' && child.items && !Array.isArray(child.items) && child.items.type === 'object') walk(child.items, `${p}[]`, out);
  }
}

describe('field metadata', () => {
  it('has the bounds, types and descriptions of levels/level.schema.json for every field', () => {
    const fields: Array<[string, Node]> = [];
    walk(jsonSchema, '', fields);
    expect(fields.length).toBeGreaterThan(60);
    for (const [path, node] of fields) {
      const meta = fieldMeta(path) as FieldMeta;
      expect(meta, path).not.toBeNull();
      if ((node.type === 'number' || node.type === 'integer') && !node.enum) {
        expect([meta.type, meta.min, meta.max], path).toEqual([node.type, node.minimum ?? null, node.maximum ?? null]);
      }
      if (node.enum) expect(meta.options, path).toEqual(node.enum);
      if (node.description && !path.endsWith('.a') && !path.endsWith('.b')) expect(meta.description, path).toBe(node.description);
    }
  });

  it('gives units, defaults and options for the inspector', () => {
    expect(fieldMeta('boxes[].mass')).toMatchObject({ type: 'number', min: 0.1, max: 10000, unit: 'kg', optional: false });
    expect(fieldMeta(['ropes', 4, 'breakTension'])).toMatchObject({ min: 0, max: 1e7, unit: 'N', default: 0, optional: true });
    expect(fieldMeta('physics.gravity')).toMatchObject({ unit: 'm/s²', default: defaultPhysicsSettings().gravity, min: 0, max: 200 });
    expect(fieldMeta('physics.substeps')).toMatchObject({ type: 'integer', min: 1, max: 64, default: 8 });
    expect(fieldMeta('platforms[].mode')).toMatchObject({ type: 'enum', options: ['pingpong', 'loop'], default: 'pingpong' });
    expect(fieldMeta('platforms[].wait')).toMatchObject({ type: 'number', min: 0, max: 10, optional: true, default: 0, unit: 's' });
    expect(fieldMeta('boxes[].push')).toMatchObject({ type: 'vector', unit: 'm/s', components: [{ min: -50, max: 50 }, { min: -50, max: 50 }] });
    expect(fieldMeta('platforms[].path')).toMatchObject({ type: 'path', min: 2, max: 64, components: [{ min: 0, max: 512 }, { min: 0, max: 256 }] });
    expect(fieldMeta('ropes[].a')?.type).toBe('ropeEnd');
    expect(fieldMeta('ropes[].a.at')).toMatchObject({ type: 'vector', unit: 'm', components: [{ min: -8, max: 8 }, { min: -8, max: 8 }] });
    expect(fieldMeta('anchors[].id')?.pattern?.test('hook-1')).toBe(true);
    expect(fieldMeta('nothing.here')).toBeNull();
  });

  it('the physics descriptions name the game\'s defaults', () => {
    for (const f of fieldsOf('physics')) {
      const shown = typeof f.default === 'boolean' ? String(f.default) : Number((f.default as number).toFixed(1));
      expect(f.description, f.path).toContain(`default ${shown}`);
    }
  });

  it('lists an entity kind\'s fields in schema order', () => {
    expect(entityFields('box').map((f) => f.key)).toEqual(['id', 'x', 'y', 'w', 'h', 'mass', 'spikes', 'startAngle', 'push']);
    expect(entityFields('goal').map((f) => f.key)).toEqual(['id', 'x', 'y', 'w', 'h']);
    expect(entityFields('rope').map((f) => f.key)).toEqual(['id', 'a', 'b', 'length', 'segments', 'compliance', 'breakTension', 'maxLength', 'over']);
  });
});

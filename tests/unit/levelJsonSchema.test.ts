// levels/level.schema.json is generated from the game's valibot schema (`npm run schema`) and
// must not drift from it; every level file points editors at it with "$schema".

import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEVEL_SCHEMA_PATH, buildLevelJsonSchema, levelJsonSchemaText } from '../../tools/levelJsonSchema';
import { parseLevel } from '../../src/level/parseLevel';

type Node = Record<string, any>;

describe('levels/level.schema.json', () => {
  it('equals what the generator produces from src/level/levelSchema.ts', () => {
    const committed = readFileSync(LEVEL_SCHEMA_PATH, 'utf8');
    expect(committed === levelJsonSchemaText(), 'levels/level.schema.json is out of date: run `npm run schema` and commit it').toBe(true);
  });

  it('carries the bounds, enums, required fields, closed objects and patterns of the valibot schema', () => {
    const s = buildLevelJsonSchema() as Node;
    expect(s.title).toBe('Ropebound level');
    expect(s.type).toBe('object');
    expect(s.additionalProperties).toBe(false);
    expect(s.required).toEqual(['format', 'version', 'id', 'name', 'tiles', 'spawns', 'goal', 'tether']);
    const p = s.properties;
    expect(p.format.const).toBe('ropebound-level');
    expect(p.version.const).toBe(2);
    expect(p.tether.properties.length).toMatchObject({ type: 'number', minimum: 1, maximum: 40 });
    expect(p.tether.properties.segments).toMatchObject({ type: 'integer', minimum: 2, maximum: 128 });
    expect(p.tether.additionalProperties).toBe(false);
    expect(p.tiles).toMatchObject({ minItems: 2, maxItems: 256, items: { type: 'string', pattern: '^[#=.^]*$' } });
    expect(p.spawns).toMatchObject({ minItems: 2, maxItems: 2 });
    expect(p.spawns.items.properties.player.enum).toEqual([1, 2]);
    expect(p.boxes.items.required).toEqual(['id', 'x', 'y', 'w', 'h', 'mass']);
    expect(p.boxes.items.properties.mass).toMatchObject({ minimum: 0.1, maximum: 10000 });
    expect(p.physics.properties.airDrag).toMatchObject({ minimum: 0, maximum: 50 });
    expect(p.platforms.items.required).toEqual(['id', 'w', 'h', 'path', 'speed']);
    expect(p.platforms.items.properties.mode.enum).toEqual(['pingpong', 'loop']);
    expect(p.platforms.items.properties.path).toMatchObject({ minItems: 2, maxItems: 64 });
    expect(p.checkpoints.items.required).toEqual(['id', 'x', 'y', 'w', 'h', 'p1', 'p2']);
    expect(p.boxes.items.properties.startAngle).toMatchObject({ minimum: -170, maximum: 170 });
    expect(p.anchors.items.properties.platform.pattern).toBe('^[A-Za-z0-9_-]{1,40}$');
    const end = p.ropes.items.properties.a;
    expect(end.additionalProperties).toBe(false);
    expect(end.oneOf).toEqual([{ required: ['anchor'] }, { required: ['box'] }, { required: ['player'] }, { required: ['point'] }]);
    expect(end.dependencies).toEqual({ at: ['box'] });
    expect(p.ropes.items.properties.b.oneOf).toEqual(end.oneOf);
    expect(p.id.pattern).toBe('^[A-Za-z0-9_-]{1,40}$');
  });

  it('is referenced by every level file, as its first field, and the levels still parse', () => {
    const files = readdirSync('levels').filter((n) => /^\d+-.*\.json$/.test(n));
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      const text = readFileSync(`levels/${name}`, 'utf8');
      const json = JSON.parse(text) as Node;
      expect(Object.keys(json)[0], `${name}: first field`).toBe('$schema');
      expect(json.$schema, `${name}: "$schema" must be "./level.schema.json"`).toBe('./level.schema.json');
      const parsed = parseLevel(text);
      expect(parsed.ok ? [] : parsed.errors, name).toEqual([]);
    }
  });
});

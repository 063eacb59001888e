// The level files of levels/ as WorldDefs, for tools and tests.

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { parseLevel } from '../../src/level/parseLevel';
import type { WorldDef } from '../../src/sim';

/** Every levels/*.json that parses today, by file name (levels another helper is still writing are skipped). */
export function parsedLevels(dir = 'levels'): Array<{ file: string; def: WorldDef }> {
  if (!existsSync(dir)) return [];
  const out: Array<{ file: string; def: WorldDef }> = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    const parsed = parseLevel(readFileSync(`${dir}/${name}`, 'utf8'));
    if (parsed.ok) out.push({ file: `${dir}/${name}`, def: parsed.def });
  }
  return out;
}

/** The WorldDef of a level file (throws its errors if it does not parse). */
export function loadBuiltInLevel(file = 'levels/03-first-gap.json'): WorldDef {
  const result = parseLevel(readFileSync(file, 'utf8'));
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.def;
}

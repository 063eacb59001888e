// What a click with a placing tool adds: each kind's starting size and numbers (a crate like the
// campaign's, a 3 m platform with a 4 m path to the right...). Spawns and the goal exist once: the
// click moves them. Everything is then edited in the inspector.

import {
  addEntity, freshId, moveEntity, round6, type EntityRef, type LevelFile,
} from '../doc';
import type { PlaceKind } from './tools';

/** Adds (or moves) a `what` at (x, y) m: the point clicked is its feet (spawns), centre (boxes,
 *  platforms, anchors) or top-left (goal, checkpoint area). */
export function placeEntity(level: LevelFile, what: PlaceKind, x: number, y: number): { level: LevelFile; ref: EntityRef } {
  const r = round6;
  switch (what) {
    case 'spawn1':
    case 'spawn2': {
      const player = what === 'spawn1' ? 1 : 2;
      const spawn = level.spawns.find((s) => s.player === player);
      if (spawn) {
        const ref: EntityRef = { kind: 'spawn', id: spawn.id };
        return { level: moveEntity(level, ref, x, y), ref };
      }
      return addEntity(level, 'spawn', { id: freshId(level, `p${player}`), player, x, y });
    }
    case 'goal': {
      const ref: EntityRef = { kind: 'goal', id: level.goal.id };
      return { level: moveEntity(level, ref, x, y), ref };
    }
    case 'checkpoint':
      return addEntity(level, 'checkpoint', {
        id: freshId(level, 'checkpoint'), x, y, w: 2, h: 3, p1: [r(x + 0.5), r(y + 3)], p2: [r(x + 1.5), r(y + 3)],
      });
    case 'anchor':
      return addEntity(level, 'anchor', { id: freshId(level, 'anchor'), x, y });
    case 'gem':
      return addEntity(level, 'gem', { id: freshId(level, 'gem'), x, y });
    case 'box':
      return addEntity(level, 'box', { id: freshId(level, 'crate'), x, y, w: 1, h: 1, mass: 20 });
    case 'spikedBox':
      return addEntity(level, 'box', { id: freshId(level, 'spikes'), x, y, w: 0.8, h: 0.8, mass: 40, spikes: true });
    case 'platform':
      return addEntity(level, 'platform', { id: freshId(level, 'platform'), w: 3, h: 0.5, path: [[x, y], [r(x + 4), y]], speed: 2 });
  }
}

// What rides a moving platform stays in the level: every anchor on it, and every box hanging from
// such an anchor (through any chain of ropes between boxes), carried along the platform's path at
// the offset it starts with, must stay inside the grid at every point of the path. The grid is a
// rectangle, so the points of the path are enough: between two of them a rider moves in a straight
// line. (The platform itself is checked by levelEntities.ts.)

import { gridName, type LevelCheck, type Placement } from './levelCheck';

export function checkPlatformRiders({ level, parts, grid, errors }: LevelCheck, placements: readonly Placement[]): void {
  if (!grid) return;
  const anchors = level.anchors ?? [];
  const boxes = level.boxes ?? [];
  const ropes = level.ropes ?? [];
  (level.platforms ?? []).forEach((p, i) => {
    const riders = anchors.filter((a) => a.platform === p.id);
    if (riders.length === 0) return;
    // Boxes hanging from the riders, through ropes and ropes between boxes: id -> the anchor it hangs from.
    const carried = new Map<string, string>();
    const tiedTo = (id: string, kind: 'anchor' | 'box') => ropes.flatMap((r) => {
      if (kind === 'anchor' ? r.a.anchor === id : r.a.box === id) return r.b.box !== undefined ? [r.b.box] : [];
      if (kind === 'anchor' ? r.b.anchor === id : r.b.box === id) return r.a.box !== undefined ? [r.a.box] : [];
      return [];
    });
    const queue: Array<[string, string]> = riders.flatMap((a) => tiedTo(a.id, 'anchor').map((b): [string, string] => [b, a.id]));
    while (queue.length > 0) {
      const [box, anchor] = queue.shift()!;
      if (carried.has(box)) continue;
      carried.set(box, anchor);
      for (const next of tiedTo(box, 'box')) queue.push([next, anchor]);
    }
    const [x0, y0] = p.path[0];
    const who = `platform '${p.id}'`;
    const isInside = (l: number, t: number, r: number, b: number) => l >= 0 && t >= 0 && r <= grid.width && b <= grid.height;
    // One message per rider: the first path point that takes it out.
    for (const a of riders) {
      const k = p.path.findIndex(([x, y]) => !isInside(a.x + x - x0, a.y + y - y0, a.x + x - x0, a.y + y - y0));
      if (k < 0) continue;
      const [x, y] = p.path[k];
      errors.push(`${parts.at('platforms', i)}.path[${k}]: ${who} would carry anchor '${a.id}' to (${round(a.x + x - x0)}, ${round(a.y + y - y0)}), outside ${gridName(grid)}; what rides a platform must stay inside the level`);
    }
    for (const [id, anchor] of carried) {
      const at = placements[boxes.findIndex((b) => b.id === id)];
      if (!at) continue;
      const k = p.path.findIndex(([x, y]) => !isInside(at.x - at.hw + x - x0, at.y - at.hh + y - y0, at.x + at.hw + x - x0, at.y + at.hh + y - y0));
      if (k < 0) continue;
      const [x, y] = p.path[k];
      errors.push(`${parts.at('platforms', i)}.path[${k}]: ${who} would carry box '${id}' (hanging from anchor '${anchor}') to (${round(at.x + x - x0)}, ${round(at.y + y - y0)}), reaching outside ${gridName(grid)}; what rides a platform must stay inside the level`);
    }
  });
}

const round = (n: number) => Math.round(n * 1000) / 1000;

// A box that lost most of its speed into a solid tile this tick reports BoxHitWall (walls, floors
// and ceilings alike), with the speed it lost along that axis. Velocities before the physics come
// from boxImpactSampleSystem; the tile is probed just beyond the box's bounding box on that side.

import { SimEvent, pushEvent } from '../events';
import { isSolidProbeBlocked, solidProbe } from '../physics/moveBody';
import type { SimWorld } from '../worldState';

/** Slower hits than this are not reported, m/s (resting boxes jitter far below it). */
export const MIN_IMPACT_SPEED = 1.5;
/** The speed into the tile must drop to below this fraction of what it was (a sharp stop). */
const KEPT_FRACTION = 0.5;
/** How far beyond the box's bounding box a touching tile is looked for, m. */
const PROBE = 0.05;

export function boxImpactSystem(world: SimWorld): void {
  const { body, cues, grid } = world;
  const boxes = world.queries.boxes.dense;
  for (let k = 0; k < boxes.length; k++) {
    const e = boxes[k];
    if (world.box.isPlatform[e]) continue;
    const vx0 = cues.boxVx[e];
    const vy0 = cues.boxVy[e];
    const vx1 = body.vx[e];
    const vy1 = body.vy[e];
    // Axis-aligned bounds of the (possibly turned) box.
    const c = Math.abs(body.rotC[e]);
    const s = Math.abs(body.rotS[e]);
    const ex = c * body.halfW[e] + s * body.halfH[e];
    const ey = s * body.halfW[e] + c * body.halfH[e];
    const x = body.x[e];
    const y = body.y[e];
    // Shrink the probe along the face so a floor does not count as a wall (and the other way round).
    const insetX = Math.min(0.1, ex * 0.25);
    const insetY = Math.min(0.1, ey * 0.25);
    let impact = 0;
    if (Math.abs(vx0) >= MIN_IMPACT_SPEED) {
      const into = vx0 > 0 ? 1 : -1;
      const before = vx0 * into;
      const after = vx1 * into;
      if (after < before * KEPT_FRACTION) {
        const face = x + into * ex;
        solidProbe.left = face - PROBE;
        solidProbe.top = y - ey + insetY;
        solidProbe.right = face + PROBE;
        solidProbe.bottom = y + ey - insetY;
        const hit = isSolidProbeBlocked(grid);
        if (hit) impact = before - (after > 0 ? after : 0);
      }
    }
    if (Math.abs(vy0) >= MIN_IMPACT_SPEED) {
      const into = vy0 > 0 ? 1 : -1;
      const before = vy0 * into;
      const after = vy1 * into;
      if (after < before * KEPT_FRACTION) {
        const face = y + into * ey;
        solidProbe.left = x - ex + insetX;
        solidProbe.top = face - PROBE;
        solidProbe.right = x + ex - insetX;
        solidProbe.bottom = face + PROBE;
        const hit = isSolidProbeBlocked(grid);
        const lost = before - (after > 0 ? after : 0);
        if (hit && lost > impact) impact = lost;
      }
    }
    if (impact >= MIN_IMPACT_SPEED) world.events.value[pushEvent(world.events, SimEvent.BoxHitWall, world.tick, 255, 0, e)] = impact;
  }
}

// A rope under load that swings creaks: a player or box hanging below the rope's other end, the
// rope taut, moving sideways fast. Rate-limited here (one per rope every CREAK_GAP_TICKS) so a
// long swing is a creak now and then, not a stream.

import { SimEvent, pushEvent } from '../events';
import { EndKind } from '../ropePool';
import { endPosition } from '../physics/ropeEnds';
import type { SimWorld } from '../world';

/** Sideways speed of the hanging end above which the rope creaks, m/s. */
export const CREAK_SPEED = 2.5;
/** Ticks between two creaks of one rope. */
export const CREAK_GAP_TICKS = 20;
/** The rope counts as taut when its ends are at least this fraction of its length apart. */
const TAUT_FRACTION = 0.97;

export function ropeCreakSystem(world: SimWorld): void {
  const { rope, body, player, cues } = world;
  const order = world.ropeOrder;
  const ends = cues.ends;
  for (let k = 0; k < order.length; k++) {
    const r = order[k];
    if (cues.creakTicks[r] > 0) cues.creakTicks[r]--;
    if (rope.isActive[r] === 0 || cues.creakTicks[r] > 0) continue;
    if (rope.kindA[r] === EndKind.Free || rope.kindB[r] === EndKind.Free) continue;
    endPosition(world, r, 0, ends, 0);
    endPosition(world, r, 1, ends, 2);
    const dx = ends[2] - ends[0];
    const dy = ends[3] - ends[1];
    const length = rope.length[r];
    if (dx * dx + dy * dy < TAUT_FRACTION * TAUT_FRACTION * length * length) continue;
    // The hanging end: a body below the other end (y points down).
    const side = dy > 0 ? 1 : 0;
    if (dy === 0 || (side === 1 ? rope.kindB[r] : rope.kindA[r]) !== EndKind.Body) continue;
    const e = side === 1 ? rope.entityB[r] : rope.entityA[r];
    const isPlayer = e === world.players[0] || e === world.players[1];
    if (isPlayer && (player.isGrounded[e] === 1 || player.isAnchored[e] === 1)) continue;
    const speed = Math.abs(body.vx[e]);
    if (speed < CREAK_SPEED) continue;
    cues.creakTicks[r] = CREAK_GAP_TICKS;
    pushEvent(world.events, SimEvent.RopeCreak, world.tick, isPlayer ? player.slot[e] : 255, speed, r);
  }
}

// A rope under load that swings creaks: a player or box hanging below the rope's other end, the
// rope taut, moving sideways fast. Rate-limited here (one per rope every CREAK_GAP_TICKS) so a
// long swing is a creak now and then, not a stream.

import { SimEvent, pushEvent } from '../events';
import { endPosition, type EndPosition } from '../physics/ropeEnds';
import type { SimWorld } from '../worldState';

/** Sideways speed of the hanging end above which the rope creaks, m/s. */
export const CREAK_SPEED = 2.5;
/** Ticks between two creaks of one rope. */
export const CREAK_GAP_TICKS = 20;
/** The rope counts as taut when its ends are at least this fraction of its length apart. */
const TAUT_FRACTION = 0.97;

const endA: EndPosition = { x: 0, y: 0 };
const endB: EndPosition = { x: 0, y: 0 };

export function ropeCreakSystem(world: SimWorld): void {
  const { rope, body, player, cues } = world;
  const ropes = world.queries.ropes.dense;
  const players = world.queries.players.dense;
  for (let k = 0; k < ropes.length; k++) {
    const r = ropes[k];
    if (cues.creakTicks[r] > 0) cues.creakTicks[r]--;
    if (rope.isActive[r] === 0 || cues.creakTicks[r] > 0) continue;
    if (rope.bodyA[r] === 0 || rope.bodyB[r] === 0) continue;
    endPosition(world, r, 0, endA);
    endPosition(world, r, 1, endB);
    const dx = endB.x - endA.x;
    const dy = endB.y - endA.y;
    const length = rope.length[r];
    if (dx * dx + dy * dy < TAUT_FRACTION * TAUT_FRACTION * length * length) continue;
    // The hanging end: the body below the other end (y points down). A static one never swings.
    if (dy === 0) continue;
    const e = dy > 0 ? rope.bodyB[r] : rope.bodyA[r];
    const isPlayer = e === players[0] || e === players[1];
    if (isPlayer && (player.isGrounded[e] === 1 || player.isAnchored[e] === 1)) continue;
    const speed = Math.abs(body.vx[e]);
    if (speed < CREAK_SPEED) continue;
    cues.creakTicks[r] = CREAK_GAP_TICKS;
    world.events.value[pushEvent(world.events, SimEvent.RopeCreak, world.tick, isPlayer ? player.slot[e] : 255, 0, r)] = speed;
  }
}

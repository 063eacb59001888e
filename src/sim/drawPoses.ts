// Where the renderer draws from: each tick starts by keeping every body's pose and every rope
// particle's position as the "last" ones it interpolates from (physicsSystem), and a tick of the
// death pause keeps them too (respawnSystem), so a world that holds still is drawn still.

import type { SimWorld } from './worldState';

/** Sets every player's and box's last pose, and every particle's draw position, to the current one. */
export function keepDrawPoses(world: SimWorld): void {
  const { body, particle } = world;
  const players = world.queries.players.dense;
  for (let n = 0; n < players.length; n++) {
    const e = players[n];
    body.lastX[e] = body.x[e];
    body.lastY[e] = body.y[e];
  }
  const boxes = world.queries.boxes.dense;
  for (let k = 0; k < boxes.length; k++) {
    const e = boxes[k];
    body.lastX[e] = body.x[e];
    body.lastY[e] = body.y[e];
    body.lastRotC[e] = body.rotC[e];
    body.lastRotS[e] = body.rotS[e];
  }
  // Every particle, reserved ones too: one range is cheaper than a range per rope, and a reserved
  // particle's draw position is overwritten before it is ever used. The whole run of ids from the
  // first particle to the last, not the query's list: the ropes' own ids between the ropes'
  // particles hold 0 in both arrays (no particle). x, y, drawX and drawY are views of one array
  // (ropeComponents.ts), so the copy is a native block move: a JS loop over them was ~4 % of a tick
  // of 200 ropes (issue 17).
  const particles = world.queries.particles.dense;
  if (particles.length === 0) return;
  const first = particles[0];
  const end = particles[particles.length - 1] + 1;
  // A short run is copied in a loop: copyWithin is a call into the runtime that costs ~50 ns
  // however short the run (the bench's A10 world without its rope, two players and a short
  // tether: 5.2 % of the tick's profile in the copy, 2.2 % with the loop).
  if (end - first <= SHORT_RUN) {
    const { x, y, drawX, drawY } = particle;
    for (let i = first; i < end; i++) {
      drawX[i] = x[i];
      drawY[i] = y[i];
    }
    return;
  }
  const all = particle.xyDraw;
  const capacity = particle.x.length;
  all.copyWithin(2 * capacity + first, first, end);
  all.copyWithin(3 * capacity + first, capacity + first, capacity + end);
}

/** Ids up to which the loop copies faster than the two copyWithin calls (Node 20, this machine:
 *  16 ids 17 against 56 ns, 64 ids 39 against 47, 128 ids 70 against 54). */
export const SHORT_RUN = 80;

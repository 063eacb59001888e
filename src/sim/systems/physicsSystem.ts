// The substep loop (PHYSICS.md #2: n substeps of one iteration beat n iterations). Each substep,
// in this order and for these reasons:
//   1. players: gravity, then move through the tiles  (bodies lead; the rope follows them)
//   2. rope particles: Verlet prediction               (free particles fall and swing)
//   3. tether between the players                      (carries the players' pull; solved first)
//   4. rope: pin ends, LRA, chain forward              (shape of the rope between the players)
//   5. rope against tiles                              (drapes over ledges, rests on floors)
//   6. rope: chain backward                            (ends the substep at rope length)
//   7. players: velocity = displacement / h            (position-based dynamics)

import { DT, PLAYER_COUNT } from '../constants';
import { SimEvent, pushEvent } from '../events';
import { moveBody } from '../physics/moveBody';
import { solveTether } from '../physics/solveTether';
import { integrateRope, relaxRope, ropeMaxStretch, solveRope } from '../physics/solveRope';
import { collideRope } from '../physics/collideRope';
import { layOutRope } from '../ropePool';
import type { SimWorld } from '../world';

/** The tether counts as taut within this distance of its full length, m. */
const TAUT_EPS = 1e-3;
/** Within this much of full length the rope is treated as straight: no tile collision, m. */
const TAUT_SLACK = 0.05;

export function physicsSystem(world: SimWorld): void {
  const { body, player, pool, rope, settings, grid } = world;
  const a = world.players[0];
  const b = world.players[1];
  const r = world.tetherRope;
  const substeps = settings.substeps;
  const h = DT / substeps;
  const length = world.tetherLength;

  for (let slot = 0; slot < PLAYER_COUNT; slot++) {
    const eid = world.players[slot];
    body.lastX[eid] = body.x[eid];
    body.lastY[eid] = body.y[eid];
  }
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  for (let i = first; i <= last; i++) {
    pool.drawX[i] = pool.x[i];
    pool.drawY[i] = pool.y[i];
  }

  let maxOvershoot = 0;
  for (let s = 0; s < substeps; s++) {
    for (let slot = 0; slot < PLAYER_COUNT; slot++) {
      const eid = world.players[slot];
      body.prevX[eid] = body.x[eid];
      body.prevY[eid] = body.y[eid];
      if (player.isAnchored[eid]) continue;
      let vy = body.vy[eid];
      if (vy < settings.maxFallSpeed) vy = Math.min(vy + settings.gravity * player.gravityScale[eid] * h, settings.maxFallSpeed);
      body.vy[eid] = vy;
      moveBody(grid, body, eid, body.vx[eid] * h, vy * h, player.dropTicks[eid] > 0);
    }
    integrateRope(world, r, h);
    const d = solveTether(world, a, b, length);
    if (d - length > maxOvershoot) maxOvershoot = d - length;
    solveRope(world, r);
    collideRope(world, r, d >= length - TAUT_SLACK);
    relaxRope(world, r);
    for (let slot = 0; slot < PLAYER_COUNT; slot++) {
      const eid = world.players[slot];
      if (player.isAnchored[eid]) continue;
      body.vx[eid] = (body.x[eid] - body.prevX[eid]) / h;
      body.vy[eid] = (body.y[eid] - body.prevY[eid]) / h;
    }
  }

  quarantineNaN(world);

  const dx = body.x[b] - body.x[a];
  const dy = body.y[b] - body.y[a];
  const isTaut = Math.sqrt(dx * dx + dy * dy) >= length - TAUT_EPS ? 1 : 0;
  if (isTaut && !player.isTaut[a]) pushEvent(world.events, SimEvent.RopeTaut, world.tick, 255, maxOvershoot / h);
  player.isTaut[a] = isTaut;
  player.isTaut[b] = isTaut;
  world.maxStretch = ropeMaxStretch(world, r);
}

/** Non-finite state never spreads: put the players back where this tick began and re-lay the rope. */
function quarantineNaN(world: SimWorld): void {
  const { body, pool, rope } = world;
  let sum = 0;
  for (let slot = 0; slot < PLAYER_COUNT; slot++) {
    const eid = world.players[slot];
    sum += body.x[eid] + body.y[eid] + body.vx[eid] + body.vy[eid];
  }
  const r = world.tetherRope;
  const first = rope.first[r];
  const count = rope.count[r];
  for (let i = first; i < first + count; i++) sum += pool.x[i] + pool.y[i];
  if (Number.isFinite(sum)) return;
  for (let slot = 0; slot < PLAYER_COUNT; slot++) {
    const eid = world.players[slot];
    body.x[eid] = body.prevX[eid] = body.lastX[eid];
    body.y[eid] = body.prevY[eid] = body.lastY[eid];
    body.vx[eid] = 0;
    body.vy[eid] = 0;
  }
  const a = rope.endA[r];
  const b = rope.endB[r];
  layOutRope(pool, first, count, rope.segmentLength[r], body.x[a], body.y[a], body.x[b], body.y[b]);
  pushEvent(world.events, SimEvent.NaNQuarantined, world.tick, 255, 0);
}

// The substep loop (PHYSICS.md #2: n substeps of one iteration beat n iterations). Each substep,
// in this order and for these reasons:
//   1. players: gravity, then move through the tiles   (bodies lead; ropes follow them)
//   2. boxes: gravity, drag, move and turn              (free flight of rigid bodies)
//   3. rope particles: reel, Verlet prediction          (free particles fall and swing)
//   4. every rope's end-to-end length, tether first     (carries loads between what ropes tie)
//   5. boxes against tiles, players against boxes       (contacts after the ropes pulled)
//   6. rope particles: pin ends, LRA, chain forward     (shape of each rope)
//   7. rope particles against tiles and boxes           (drape over ledges, rest on floors)
//   8. rope particles: chain backward                   (ends the substep at rope length)
//   9. velocity = displacement / h; bounces on bumps    (position-based dynamics)

import { DT } from '../constants';
import { SimEvent, pushEvent } from '../events';
import { BODY_MOVE_SLOT, moveBody } from '../physics/moveBody';
import { collideBoxesWithTiles, integrateBoxes, updateBoxVelocities } from '../physics/boxes';
import { bounceContacts, collidePlayersWithBoxes } from '../physics/playerBox';
import { ROPE_DISTANCE_SLOT, SUBSTEP_SLOT, solveRopeLength } from '../physics/ropeLength';
import { integrateRope, relaxRope, solveRope, updateMaxStretch } from '../physics/solveRope';
import { collideRope } from '../physics/collideRope';
import { reelStep } from '../physics/reelRope';
import type { SimWorld } from '../world';
import { restoreNonFinite } from './quarantine';

/** The tether counts as taut within this distance of its full length, m. */
const TAUT_EPS = 1e-3;
/** Within this much of full length the tether is treated as straight: no tile collision, m. */
const TAUT_SLACK = 0.05;

export function physicsSystem(world: SimWorld): void {
  const { body, player, pool, rope, settings, grid } = world;
  const substeps = settings.substeps;
  const h = DT / substeps;
  const order = world.ropeOrder;
  const tether = world.tetherRope;
  const tetherLength = rope.length[tether];

  // Non-finite state written between ticks (a bug elsewhere, a bad snapshot) is caught before it
  // is copied into the "last good" positions below; the solver's clamps would otherwise absorb
  // some of it silently, or carry it into this tick's restore point.
  if (restoreNonFinite(world)) pushEvent(world.events, SimEvent.NaNQuarantined, world.tick, 255, 0);

  for (let slot = 0; slot < world.players.length; slot++) {
    const e = world.players[slot];
    body.lastX[e] = body.x[e];
    body.lastY[e] = body.y[e];
    player.hurtBy[e] = 0;
    // An anchored player keeps the platform it stands on: it rides it (below) instead of moving.
    if (player.isAnchored[e] && world.box.isPlatform[player.groundBox[e]]) continue;
    player.groundBox[e] = 0;
    player.groundVx[e] = 0;
    player.groundVy[e] = 0;
  }
  for (let k = 0; k < world.boxes.length; k++) {
    const e = world.boxes[k];
    body.lastX[e] = body.x[e];
    body.lastY[e] = body.y[e];
    body.lastRotC[e] = body.rotC[e];
    body.lastRotS[e] = body.rotS[e];
  }
  for (let k = 0; k < order.length; k++) {
    const r = order[k];
    rope.impulse[r] = 0;
    if (rope.isActive[r] === 0) continue;
    const first = rope.first[r];
    const last = first + rope.count[r] - 1;
    for (let i = first; i <= last; i++) {
      pool.drawX[i] = pool.x[i];
      pool.drawY[i] = pool.y[i];
    }
  }

  let maxOvershoot = 0;
  // The substep length, for the solver functions (a number passed as an argument would be boxed).
  world.chain.args[SUBSTEP_SLOT] = h;
  for (let s = 0; s < substeps; s++) {
    for (let slot = 0; slot < world.players.length; slot++) {
      const e = world.players[slot];
      body.prevX[e] = body.x[e];
      body.prevY[e] = body.y[e];
      if (player.isAnchored[e]) {
        const p = player.groundBox[e];
        if (world.box.isPlatform[p]) {
          const dx = body.vx[p] * h;
          const dy = body.vy[p] * h;
          const x0 = body.x[e];
          const y0 = body.y[e];
          world.chain.args[BODY_MOVE_SLOT] = dx;
          world.chain.args[BODY_MOVE_SLOT + 1] = dy;
          moveBody(grid, body, e, world.chain.args, BODY_MOVE_SLOT, false);
          if (Math.abs(body.x[e] - x0 - dx) + Math.abs(body.y[e] - y0 - dy) > 1e-9) {
            // A wall stopped the rider while its platform goes on: the anchor is torn loose.
            player.isAnchored[e] = 0;
            player.anchorGaveWay[e] = 1;
            body.invMass[e] = 1 / settings.playerMass;
            pushEvent(world.events, SimEvent.Unanchored, world.tick, slot, 1);
            continue;
          }
          // Moving with it: letting go keeps the ride's speed instead of sliding off the back.
          body.vx[e] = player.groundVx[e] = body.vx[p];
          body.vy[e] = player.groundVy[e] = body.vy[p];
        }
        continue;
      }
      let vy = body.vy[e];
      if (vy < settings.maxFallSpeed) vy = Math.min(vy + settings.gravity * player.gravityScale[e] * h, settings.maxFallSpeed);
      body.vy[e] = vy;
      world.chain.args[BODY_MOVE_SLOT] = body.vx[e] * h;
      world.chain.args[BODY_MOVE_SLOT + 1] = vy * h;
      moveBody(grid, body, e, world.chain.args, BODY_MOVE_SLOT, player.dropTicks[e] > 0);
    }
    integrateBoxes(world);
    for (let k = 0; k < order.length; k++) {
      const r = order[k];
      if (rope.isActive[r] === 0) continue;
      reelStep(world, r);
      integrateRope(world, r);
    }
    let tetherDistance = 0;
    for (let k = 0; k < order.length; k++) {
      const r = order[k];
      if (rope.isActive[r] === 0) continue;
      solveRopeLength(world, r);
      if (r === tether) tetherDistance = world.chain.args[ROPE_DISTANCE_SLOT];
    }
    if (tetherDistance - tetherLength > maxOvershoot) maxOvershoot = tetherDistance - tetherLength;
    collideBoxesWithTiles(world);
    collidePlayersWithBoxes(world);
    for (let k = 0; k < order.length; k++) {
      const r = order[k];
      if (rope.isActive[r] === 0) continue;
      solveRope(world, r);
      collideRope(world, r, r === tether && tetherDistance >= tetherLength - TAUT_SLACK);
      relaxRope(world, r);
    }
    for (let slot = 0; slot < world.players.length; slot++) {
      const e = world.players[slot];
      if (player.isAnchored[e]) continue;
      body.vx[e] = (body.x[e] - body.prevX[e]) / h;
      body.vy[e] = (body.y[e] - body.prevY[e]) / h;
    }
    updateBoxVelocities(world);
    bounceContacts(world);
  }

  for (let k = 0; k < order.length; k++) {
    const r = order[k];
    rope.tension[r] = rope.impulse[r] / DT;
  }
  updateMaxStretch(world);

  if (restoreNonFinite(world)) pushEvent(world.events, SimEvent.NaNQuarantined, world.tick, 255, 0);

  const a = world.players[0];
  const b = world.players[1];
  const dx = body.x[b] - body.x[a];
  const dy = body.y[b] - body.y[a];
  const isTaut = Math.sqrt(dx * dx + dy * dy) >= tetherLength - TAUT_EPS ? 1 : 0;
  if (isTaut && !player.isTaut[a]) pushEvent(world.events, SimEvent.RopeTaut, world.tick, 255, maxOvershoot / h);
  player.isTaut[a] = isTaut;
  player.isTaut[b] = isTaut;
}

// Which ropes carry their own weight. The end-to-end constraint (ropeLength.ts) treats a taut rope
// as massless and its particles follow it (they are placed on the line between the ends), which is
// right for a rope far lighter than what it holds and is what keeps a 1000x heavier box from
// stretching it. A rope that is not so light is solved as the chain it is (solveRope.ts: the Long
// Range Attachments and the end-to-end constraint skipped, its box ends pulled by the chain's
// segments), so its weight loads its ends and it swings in a chain's modes.

import { MAX_WRAPS } from '../ropeComponents';
import type { SimWorld } from '../worldState';

/**
 * A rope at least this heavy, as a share of the lightest box it holds, is solved as a chain. Below
 * it the rope's mass moves the swing's period by under ~0.4 % (a rope of mass mu on a box of mass
 * M, as a rigid rod: w^2 scales by (M + mu/2)/(M + mu/3)) and is left out, as before.
 */
export const HEAVY_ROPE_SHARE = 0.05;

/**
 * True when rope `r` is solved as a chain that carries its own weight: tied at both ends to boxes
 * or static bodies (a player's end particle is pinned in the chain, so a player end keeps the
 * end-to-end constraint), inextensible, not bent round corners, and its particles together weigh
 * at least HEAVY_ROPE_SHARE of the lightest box it holds.
 */
export function isHeavyRope(world: SimWorld, r: number): boolean {
  const { rope, body } = world;
  const eA = rope.bodyA[r];
  const eB = rope.bodyB[r];
  if (eA === 0 || eB === 0 || rope.compliance[r] !== 0 || world.wrap.count[r] > 0) return false;
  const wA = body.invMass[eA];
  const wB = body.invMass[eB];
  if ((wA > 0 && body.invInertia[eA] === 0) || (wB > 0 && body.invInertia[eB] === 0)) return false;
  const w = wA > wB ? wA : wB; // 1 / the lightest box's mass
  if (w === 0) return false;
  return (rope.count[r] - 2) * world.settings.ropeParticleMass * w >= HEAVY_ROPE_SHARE;
}

/**
 * Adds to rope `r`'s tension the weight it leaves out, N (into rope.tension, not returned: V8 boxes
 * a number returned from a call it does not inline): nothing for a heavy rope (its chain's tension
 * has it) or a rope with a free end; for a lighter rope tied at both ends, solved as massless, its
 * weight per metre times the height from its lowest end up to the highest point of its path (an
 * end or a pivot). Along any rope hanging under its own weight, T(top) - T(bottom) = mu g (y(bottom) - y(top))
 * (the catenary's tension grows by the weight of the height it climbs, whatever the shape), so the
 * massless tension, which is what the lower end feels, plus this is the tension at the rope's
 * tensest point, where it would break.
 */
export function addRopeWeight(world: SimWorld, r: number): void {
  const { rope, particle, wrap } = world;
  if (rope.bodyA[r] === 0 || rope.bodyB[r] === 0 || rope.length[r] <= 0 || isHeavyRope(world, r)) return;
  const yA = particle.y[rope.first[r]];
  const yB = particle.y[rope.first[r] + rope.count[r] - 1];
  const bottom = yA > yB ? yA : yB; // y grows downwards
  let top = yA < yB ? yA : yB;
  const base = r * MAX_WRAPS;
  for (let k = base; k < base + wrap.count[r]; k++) if (wrap.y[k] < top) top = wrap.y[k];
  const perMetre = ((rope.count[r] - 2) * world.settings.ropeParticleMass) / rope.length[r];
  rope.tension[r] += perMetre * world.settings.gravity * (bottom - top);
}

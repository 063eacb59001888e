// The physics of one tick: the substep stages (physics/substepStages.ts) run `substeps` times (more,
// shorter, for the rest of a tick in which a heavy rope's chain could not be solved), between the
// tick's bookkeeping: where everything was at the tick's start (for drawing and the NaN
// quarantine), and after the last substep the ropes' tensions and whether the tether went taut.

import { DT } from '../constants';
import { SimEvent, pushEvent } from '../events';
import { substepStages } from '../physics/substepStages';
import { measureRopePath, ropePath } from '../physics/ropeWraps';
import { addRopeWeight } from '../physics/ropeMass';
import type { SimWorld } from '../worldState';
import { restoreNonFinite, restoreNonFiniteAtStart } from './quarantine';
import { keepDrawPoses } from '../drawPoses';

/** The tether counts as taut within this distance of its full length, m. */
const TAUT_EPS = 1e-3;
/** How many times shorter the rest of a tick's substeps are after a heavy rope's chain was left
 *  off its length (sub.isUnsolved). */
const REFINE = 2;

export function physicsSystem(world: SimWorld): void {
  const substeps = world.settings.substeps;
  const sub = world.substep;
  sub.h = DT / substeps;
  sub.maxOvershoot = 0;
  sub.isUnsolved = false;
  // Non-finite state written between ticks (a bug elsewhere, a bad snapshot) is caught before it
  // is copied into the "last good" positions below; the solver's clamps would otherwise absorb
  // some of it silently, or carry it into this tick's restore point.
  if (restoreNonFiniteAtStart(world)) pushEvent(world.events, SimEvent.NaNQuarantined, world.tick, 255, 0);
  startTick(world);

  const profiler = world.profiler;
  // A world with no box (most of the light tether levels) skips the box stages, which would each
  // loop over nothing: seven calls a substep, ~3 % of a tick on Haul Away (issue 14's budget).
  const hasBoxes = world.queries.boxes.dense.length > 0;
  let count = substeps;
  let isRefined = false;
  for (let s = 0; s < count; s++) {
    for (let k = 0; k < substepStages.length; k++) {
      const stage = substepStages[k];
      if (!hasBoxes && stage.boxesOnly === true) continue;
      if (profiler === null) {
        stage.run(world);
      } else {
        const t0 = profiler.now();
        stage.run(world);
        profiler.stageTimes[k] += profiler.now() - t0;
      }
    }
    // A heavy rope whose chain no solve could bring to its length in this substep: its segments
    // turned too far within it (a crate whirled at 25 m/s on a 70 g-a-particle rope, straight and
    // at rest a moment before: ropeMass.test.ts). The rest of the tick runs in substeps REFINE
    // times shorter, once a tick; the ropes' Verlet steps are rescaled to the shorter substep and
    // back after the last one. A tick whose last substep fails has nothing left to split: the
    // next tick's first solve starts from it.
    if (sub.isUnsolved && !isRefined && s + 1 < count) {
      isRefined = true;
      count = s + 1 + (count - s - 1) * REFINE;
      sub.h = DT / (substeps * REFINE);
      scaleParticleSteps(world, 1 / REFINE);
    }
    sub.isUnsolved = false;
  }
  if (isRefined) {
    sub.h = DT / substeps;
    scaleParticleSteps(world, REFINE);
  }

  const { rope } = world;
  const ropes = world.queries.ropes.dense;
  for (let k = 0; k < ropes.length; k++) {
    const r = ropes[k];
    rope.tension[r] = rope.impulse[r] / DT;
    // A taut light rope's solve is massless: its weight, carried by its upper end, is added here.
    if (rope.tension[r] > 0) addRopeWeight(world, r);
  }

  if (restoreNonFinite(world)) pushEvent(world.events, SimEvent.NaNQuarantined, world.tick, 255, 0);

  const { player } = world;
  const players = world.queries.players.dense;
  const a = players[0];
  const b = players[1];
  measureRopePath(world, world.tetherRope);
  const isTaut = ropePath.length >= world.rope.length[world.tetherRope] - TAUT_EPS ? 1 : 0;
  if (isTaut && !player.isTaut[a]) world.events.value[pushEvent(world.events, SimEvent.RopeTaut, world.tick, 255, 0)] = sub.maxOvershoot;
  player.isTaut[a] = isTaut;
  player.isTaut[b] = isTaut;
}

/** Where every body and particle is at the start of the tick; the contacts' per-tick state cleared. */
function startTick(world: SimWorld): void {
  const { player, rope } = world;
  keepDrawPoses(world);
  const players = world.queries.players.dense;
  for (let n = 0; n < players.length; n++) {
    const e = players[n];
    player.hurtBy[e] = 0;
    player.crushedBy[e] = 0;
    // An anchored player keeps the platform it stands on: it rides it (movePlayers) instead of moving.
    if (player.isAnchored[e] && world.box.isPlatform[player.groundBox[e]]) continue;
    player.groundBox[e] = 0;
    player.groundVx[e] = 0;
    player.groundVy[e] = 0;
  }
  const ropes = world.queries.ropes.dense;
  for (let k = 0; k < ropes.length; k++) rope.impulse[ropes[k]] = 0;
}

/**
 * Every rope particle's Verlet step (its position less its previous one: its velocity times the
 * substep) times `factor`, for a substep `factor` times as long: the previous position moves.
 */
function scaleParticleSteps(world: SimWorld, factor: number): void {
  const { x, y, prevX, prevY } = world.particle;
  const particles = world.queries.particles.dense;
  for (let n = 0; n < particles.length; n++) {
    const i = particles[n];
    prevX[i] = x[i] - (x[i] - prevX[i]) * factor;
    prevY[i] = y[i] - (y[i] - prevY[i]) * factor;
  }
}

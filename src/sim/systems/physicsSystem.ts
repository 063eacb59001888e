// The physics of one tick: the substep stages (physics/substepStages.ts) run `substeps` times,
// between the tick's bookkeeping: where everything was at the tick's start (for drawing and the
// NaN quarantine), and after the last substep the ropes' tensions and whether the tether went taut.

import { DT } from '../constants';
import { SimEvent, pushEvent } from '../events';
import { substepStages } from '../physics/substepStages';
import { measureRopePath, ropePath } from '../physics/ropeWraps';
import { addRopeWeight } from '../physics/ropeMass';
import type { SimWorld } from '../worldState';
import { restoreNonFinite } from './quarantine';
import { keepDrawPoses } from '../drawPoses';

/** The tether counts as taut within this distance of its full length, m. */
const TAUT_EPS = 1e-3;

export function physicsSystem(world: SimWorld): void {
  const substeps = world.settings.substeps;
  const sub = world.substep;
  sub.h = DT / substeps;
  sub.maxOvershoot = 0;
  // Non-finite state written between ticks (a bug elsewhere, a bad snapshot) is caught before it
  // is copied into the "last good" positions below; the solver's clamps would otherwise absorb
  // some of it silently, or carry it into this tick's restore point.
  if (restoreNonFinite(world)) pushEvent(world.events, SimEvent.NaNQuarantined, world.tick, 255, 0);
  startTick(world);

  const profiler = world.profiler;
  // A world with no box (most of the light tether levels) skips the box stages, which would each
  // loop over nothing: seven calls a substep, ~3 % of a tick on Haul Away (issue 14's budget).
  const hasBoxes = world.queries.boxes.dense.length > 0;
  for (let s = 0; s < substeps; s++) {
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
  if (isTaut && !player.isTaut[a]) world.events.value[pushEvent(world.events, SimEvent.RopeTaut, world.tick, 255, 0)] = sub.maxOvershoot / sub.h;
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

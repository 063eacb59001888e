// Golden hashes: named scenarios whose final state hash is pinned as a literal, so any change to
// the sim's results (solver order, a constant, a rounding) is noticed.
//
// CHANGING A GOLDEN VALUE MUST BE ITS OWN COMMIT, whose message says which sim change moved it and
// why the new behaviour is intended. Never update it in passing to make a test pass.
import { describe, expect, it } from 'vitest';
import { createSimWorld, hashHex, step } from '../../src/sim';
import { playCrossing } from '../../tools/bots/first-gap';
import { createYardRunInputs } from '../../tools/scenarios/inputs';
import { ropeYardDef } from '../../tools/scenarios/worlds';
import { loadBuiltInLevel } from '../../tools/scenarios/levels';

describe('golden state hashes', () => {
  it('"rope yard run": ropeYardDef(), createYardRunInputs(2024), 3000 ticks', () => {
    // World: the rope yard of robustScenarios.ts (tether, four boxes one of them spiked, anchor
    // ropes, a box-to-box rope, a rope that snaps, a free-ended rope). Inputs: createYardRunInputs
    // with seed 2024 (player 1 runs right for 700 ticks, then both press random buttons held for
    // 1..40 ticks). 3000 ticks, then hashHex.
    const world = createSimWorld(ropeYardDef());
    const next = createYardRunInputs(2024);
    const masks = [0, 0];
    for (let t = 0; t < 3000; t++) {
      next(masks, t);
      step(world, masks);
    }
    // Since ropes carry their own weight (ropeMass.ts, issue 14) the yard's box-to-box rope (0.63 kg
    // of particles, 7.9 % of its 8 kg box) is solved as a chain: the hash moved (was dce5e963).
    // Since ropes collide with their own boxes and rope segments with tile corners (issue 14), the
    // yard's snapping rope and slack tether move differently (was 401e115d). Since a taut light
    // rope's tension includes its own weight (ropeMass.ts: the hash holds tensions), was 5ea34534;
    // and since a particle of a rope with a free end found inside a tile at the end of a substep
    // leaves it (collideRope.ts's last pass, issue 14's rope-in-stone invariant), the yard's
    // free-ended rope and the snapped halves move differently (ebeea354 with the first alone, 73cb58f5 with the second alone; with the long fuzz's fixes as well, 14fed3e3).
    // Since the yard bends its ropes round corners (physics.ropeWrap, as every campaign level), was 14fed3e3.
    // Since a heavy rope whose chain solve does not converge gets repeated Newton steps (solveRope.ts;
    // the yard's box-to-box rope, a chain, is jerked that hard at times), was bfdc04ce; and since a
    // box's outline points are pushed out of the stone at their arm at the substep's start (boxes.ts:
    // a crate tipping on a corner gained energy), the yard's crates move differently (00b3483d alone;
    // both with the long fuzz's rope fixes, 26598932). Since a crate a player stands on meets the
    // stone again after the players' contacts (boxes.ts: it crept along the floor under a player),
    // was 26598932. Since a rope's backward sweep is skipped when its chain was solved in one whole
    // step and nothing touched it (solveRope.ts relaxRope, issue 17), and so is the corner pass
    // after it, the yard's ropes end their substeps a little differently, was 2f22d0ba (629dc001
    // before the skip also asked every segment to end the chain solve within 0.01 % of its length).
    // Since a heavy rope's chain solve stops at 1e-6 of a segment (was 1e-12) and a solved heavy
    // rope skips the backward sweep (heavyChain.ts, solveRope.ts; the yard's box-to-box rope is one),
    // was 2c0cc2c8; and since its fallback stops once a step left every segment within 1e-6,
    // was 2fb1e224.
    expect(hashHex(world)).toBe('35e8c6a4');
  });

  it('"first gap crossing": levels/03-first-gap.json played by tools/bots/first-gap.ts to the goal', () => {
    // World: level 1 from its file. Inputs: the scripted crossing (playCrossing), which stops at
    // level complete. Pinned: the tick it completes on and the hash at that tick. The hash covers the
    // rules' checkpoint index: since the deck checkpoint (issue 16) the run ends with it at 0, not -1;
    // and the gems collected: since the chasm gem (issue 16) the crossing's swing collects it.
    // Since the level bends its ropes round corners (physics.ropeWrap, issue 14) the tether swings
    // from the chasm's edge instead of through it, and the crossing ends at tick 798 (was 815).
    // Since a rope's backward sweep is skipped when nothing touched it (issue 17), the tether's
    // particles move a little differently (the same tick), was 65a9657c (e8b1200e before the skip
    // also asked every segment to end the chain solve within 0.01 % of its length). Since a rope bent
    // round a corner holds its length by secant steps to 1e-10 of it (was: whole shares to 1e-13,
    // four passes at most, issue 14's tick budget), the same tick, was 43b84c66.
    const world = createSimWorld(loadBuiltInLevel('levels/03-first-gap.json'));
    playCrossing(world);
    expect(world.completedTick).toBe(798);
    expect(hashHex(world)).toBe('91bdf22e');
  });
});

// Solo through "Crate Steps" (levels/11-crate-steps.json): the pair's leapfrog (tools/bots/crate-steps.ts)
// one character at a time. The solo player drives whoever may hop now and switches (Q) as soon as
// that one has to wait for the other: P1 hops onto the next crate, switch, P2 hops onto the one P1
// left, switch back... The one not driven stands still wherever it landed, as in the game.
// P1 takes the two gems on the way, as in the pair replay.
import type { SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { createHopper } from '../crate-steps';
import { createSoloPlayer } from './soloPlayer';

/** Plays until the level is complete (or 150 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const solo = createSoloPlayer(world);
  const hop = createHopper(world);
  for (let t = 0; t < 60 * 150 && world.completedTick < 0; t++) {
    hop.update();
    const s = solo.slot;
    const buttons = hop.buttons(s);
    // Switch when this one has nothing to press (it waits for the other, or stands in the goal),
    // and stands: never in the middle of a hop.
    if (buttons === 0 && !hop.isHopping(s) && world.player.isGrounded[solo.me]) solo.press(0, true);
    else solo.press(buttons);
    onTick?.(t);
  }
  return solo.ticks;
}

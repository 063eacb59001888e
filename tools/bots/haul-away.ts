// A scripted pair that completes "Haul Away" (levels/06-haul-away.json): a stair of stone steps,
// each 3 m higher than the last, with a spiked gap before each. The two climb it in turns: one
// anchors at the step's edge (a missed jump would hang over the spikes, not die), the other takes a
// running jump over the gap and climbs onto the next step, walks back to its near edge and anchors;
// the first walks off and hangs in the gap, and the jumper walks on along its step, hauling it up
// (it presses into the wall to climb over). The hauler, now at the far end, anchors for the next
// jump. Before the second jump P2 rappels into the gap for the gem and P1 hauls it back up.
// It reads only positions and states a player can see.
import { Button, step, type SimWorld } from '../../src/sim';

/** The steps: x from..to and top (feet y), m. Each gap is 3 m wide, each step 3 m higher. */
export const STEPS: ReadonlyArray<{ from: number; to: number; top: number }> = [
  { from: 1, to: 10, top: 26 },
  { from: 13, to: 21, top: 23 },
  { from: 24, to: 32, top: 20 },
  { from: 35, to: 43, top: 17 },
  { from: 46, to: 59, top: 14 },
];
/** Where the gem hangs: in the second gap, a rope length down from the first step's far edge. */
export const GEM_STEP = 1;

/** Plays until the level is complete (or 120 s). */
export function playHaul(world: SimWorld, onTick?: (phase: string) => void): void {
  const players = world.queries.players.dense;
  const { body, player } = world;
  const inputs = [0, 0];
  const feet = (e: number) => body.y[e] + body.halfH[e];
  const toward = (e: number, x: number, tol = 0.08) => (body.x[e] < x - tol ? Button.Right : body.x[e] > x + tol ? Button.Left : 0);
  const on = (e: number, k: number) => player.isGrounded[e] === 1 && Math.abs(feet(e) - STEPS[k].top) < 0.05;
  const still = (e: number) => Math.abs(body.vx[e]) < 0.3 && Math.abs(body.vy[e]) < 0.3;
  let phase = 'ready';
  let k = 0; // the step the pair is on
  let jumper = players[0];
  let holder = players[1];
  let since = 0;
  let gemDone = false;
  for (let t = 0; t < 60 * 120 && world.completedTick < 0; t++) {
    const here = STEPS[k];
    const next = STEPS[Math.min(k + 1, STEPS.length - 1)];
    let pj = 0;
    let ph: number = Button.Anchor;
    if (phase === 'ready') {
      // The holder anchors at the step's far edge; the jumper backs off for a run-up.
      ph = toward(holder, here.to - 0.45) || Button.Anchor;
      pj = toward(jumper, here.to - 4, 0.2);
      if (player.isAnchored[holder] && pj === 0 && still(jumper)) {
        phase = k === GEM_STEP && !gemDone ? 'rappel' : 'jump';
        since = t;
      }
    } else if (phase === 'rappel') {
      // The gem: the jumper walks off the edge and hangs in the gap (a rope length down), then the
      // holder lets go and walks back along the step, hauling it up; it climbs over the edge.
      if (t - since < 150) {
        pj = feet(jumper) < here.top + 1 ? Button.Right : 0;
      } else {
        ph = Button.Left;
        pj = Button.Left;
        if (on(jumper, k)) { gemDone = true; phase = 'ready'; since = t; }
      }
    } else if (phase === 'jump') {
      // A running jump off the edge, pressing on into the next step's face to climb onto it.
      pj = Button.Right | (body.x[jumper] > here.to - 0.6 ? Button.Jump : 0); // (held: a full-height jump)
      if (on(jumper, k + 1)) { phase = 'turn'; since = t; }
    } else if (phase === 'turn') {
      // The jumper anchors at the new step's near edge; the holder then lets go.
      pj = toward(jumper, next.from + 0.45) || Button.Anchor;
      if (player.isAnchored[jumper] && t - since > 10) { phase = 'drop'; since = t; }
    } else if (phase === 'drop') {
      // The holder walks off into the gap and hangs there against the new step's face.
      pj = Button.Anchor;
      ph = feet(holder) < here.top + 1 ? Button.Right : 0;
      if (feet(holder) > next.top + 3 && still(holder) && t - since > 30) { phase = 'haul'; since = t; }
    } else if (phase === 'haul') {
      // The jumper walks on along its step, hauling; the hanging one presses into the wall.
      pj = Button.Right;
      ph = Button.Right;
      if (on(holder, k + 1)) {
        k++;
        // The roles swap: the hauler (at the far end now) anchors, the hauled one jumps next.
        [jumper, holder] = [holder, jumper];
        phase = k < STEPS.length - 1 ? 'ready' : 'goal';
        since = t;
      }
    } else {
      pj = toward(jumper, 54, 0.3);
      ph = toward(holder, 55, 0.3);
    }
    inputs[jumper === players[0] ? 0 : 1] = pj;
    inputs[holder === players[0] ? 0 : 1] = ph;
    step(world, inputs);
    onTick?.(`${phase}-${k}`);
  }
}

/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => playHaul(world, onTick);

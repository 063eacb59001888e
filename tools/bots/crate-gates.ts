// A scripted pair of players that completes level 9 ("Crate Gates", id crate-gates): P1 runs into
// the first hanging crate and shoves it out over the drop, then drops down behind it; P2 waits clear
// of the swing and follows when the crate swings away. At the heavy crate the gem comes first: it hangs
// high over the heavy crate, out of reach of every floor and of the plank. Both shove the crate into a
// swing (P2 lets go early and hops up onto the plank, P1 keeps it swinging); when it swings back
// towards the plank P2 leaps onto its top (at rest it hangs too far off to land on), rides it out and
// jumps from it near the far end of the swing to the gem, then walks back off it onto the middle floor
// (a missed leap: back up onto the plank for the next swing). Then both charge the crate (one player
// pushing steadily cannot move it far enough), drop down behind it and walk up onto the goal dais.
// It reads what players can see (where the crate is and which way it swings) and holds keys for
// stretches; no frame-exact presses.
import { Button, step, type SimWorld, boxEntity } from '../../src/sim';

/** x of the first drop (the light crate hangs over it) and of the second (the heavy crate), m. */
export const DROP1_X = 18;
export const DROP2_X = 36;
/** Floor heights (feet y): start terrace, middle floor, lower floor, m. */
export const FLOOR_Y: readonly [number, number, number] = [12, 14, 16];
/** Where P2 waits while P1 clears the first crate, and where both meet before the heavy one, m. */
export const WAIT1_X = 12.8;
export const MEET2_X = 31;
/** Jump up the goal dais's two 1 m steps while between these x, m. */
const STEP_JUMPS: ReadonlyArray<readonly [number, number]> = [[48.6, 49.4], [52.6, 53.4]];
const GOAL_X = 55.5;
/** The one-way plank over the middle floor: P2 jumps up onto it here and waits at PLANK_WAIT_X, m. */
const PLANK_UP_X = 28.8;
const PLANK_WAIT_X = 28.3;
const PLANK_Y = 12;
/** P2 leaps from the plank's end at this x, onto the heavy crate swinging back towards it, m. */
const PLANK_LEAP_X = 29.6;
/** P2 sets off along the plank when the swinging heavy crate's left side, coming back, passes this x
 *  (between it and 0.5 m less; at rest it hangs at 35); it must first have swung out to PUMPED_LEFT_X, m. */
const BOARD_LEFT_X = 35.0;
const PUMPED_LEFT_X = 36.2;
/** The pair shoves the heavy crate together until its left side has swung out to here, m. */
const SHOVE_LEFT_X = 35.9;
/** P2, riding the heavy crate, jumps for the gem once it is carried past this x, m. */
const GEM_JUMP_X = 36.8;
/** P2 leaves the shove to P1 once the crate's left side has swung out to here, and goes to the plank, m. */
const P2_SHOVE_X = 35.5;

export type CrateGatesPhase = 'gate1' | 'follow1' | 'meet' | 'pump' | 'board' | 'ride' | 'gem' | 'back' | 'gate2' | 'goal';

/** Plays until the level is complete (or 60 s); returns the [P1, P2] masks it pressed, one per tick. */
export function playCrateGates(world: SimWorld, onTick?: (phase: CrateGatesPhase) => void): Array<[number, number]> {
  const [a, b] = world.queries.players.dense;
  const crate = boxEntity(world, 0);
  const heavy = boxEntity(world, 1);
  const { body, player } = world;
  const pressed: Array<[number, number]> = [];
  const inputs = [0, 0];
  let phase: CrateGatesPhase = 'gate1';
  const feet = (e: number) => body.y[e] + body.halfH[e];
  const below = (e: number, floor: number) => feet(e) > floor + 0.5;
  const toward = (e: number, x: number) => (body.x[e] < x - 0.2 ? Button.Right : body.x[e] > x + 0.2 ? Button.Left : 0);
  const heavyLeft = () => body.x[heavy] - body.halfW[heavy];
  /** Push the heavy crate while it swings away (or hangs), step back out of its way as it comes back. */
  const pump = (e: number) => (body.vx[heavy] > -0.05 ? Button.Right : heavyLeft() - (body.x[e] + body.halfW[e]) < 0.6 ? Button.Left : 0);
  let heavyOut = 0;
  let phaseTick = 0;
  const walkToGoal = (e: number) => {
    const x = body.x[e];
    if (x >= GOAL_X) return 0;
    return Button.Right | (STEP_JUMPS.some(([lo, hi]) => x > lo && x < hi) ? Button.Jump : 0);
  };
  for (let t = 0; t < 60 * 60 && world.completedTick < 0; t++) {
    let p1 = 0;
    let p2 = 0;
    if (phase === 'gate1') {
      // P1 runs into the crate and keeps pushing until it drops down behind it; P2 waits back.
      p1 = below(a, FLOOR_Y[0]) ? toward(a, DROP1_X + 1.5) : Button.Right;
      p2 = toward(b, WAIT1_X);
      if (below(a, FLOOR_Y[0]) && body.x[a] > DROP1_X + 1.2) phase = 'follow1';
    } else if (phase === 'follow1') {
      // P2 goes when the crate is swinging away (or hanging still) and pushes through after it.
      p1 = toward(a, DROP1_X + 1.5);
      const goes = body.x[b] > WAIT1_X + 0.5 || body.vx[crate] > 0.3 || Math.abs(body.vx[crate]) < 0.05;
      p2 = below(b, FLOOR_Y[0]) ? Button.Right : goes ? Button.Right : toward(b, WAIT1_X);
      if (below(b, FLOOR_Y[0]) && body.x[b] > DROP1_X + 0.5) phase = 'meet';
    } else if (phase === 'meet') {
      // Walk up to the heavy crate together.
      p1 = toward(a, MEET2_X + 1);
      p2 = toward(b, MEET2_X);
      if (Math.abs(body.x[a] - MEET2_X - 1) < 0.3 && Math.abs(body.x[b] - MEET2_X) < 0.3) phase = 'pump';
    } else if (phase === 'pump' || phase === 'board') {
      // P1 pumps the heavy crate into a swing; P2 walks back under the plank and jumps up onto it.
      // Both shove it first, stopping short of dropping past it; then P1 keeps it swinging alone.
      const shoving = heavyOut < SHOVE_LEFT_X;
      p1 = shoving ? Button.Right : pump(a);
      if (phase === 'pump') {
        const onPlank = player.isGrounded[b] === 1 && Math.abs(feet(b) - PLANK_Y) < 0.05;
        p2 = heavyOut < P2_SHOVE_X ? Button.Right : onPlank ? toward(b, PLANK_WAIT_X) : body.x[b] > PLANK_UP_X + 0.1 ? Button.Left : Button.Jump;
        // Once it has swung well out, P2 sets off as it comes back towards the plank.
        if (onPlank && Math.abs(body.x[b] - PLANK_WAIT_X) < 0.3 && heavyOut > PUMPED_LEFT_X && body.vx[heavy] < 0 && heavyLeft() < BOARD_LEFT_X && heavyLeft() > BOARD_LEFT_X - 0.5) phase = 'board';
      } else {
        p1 = toward(a, MEET2_X); // out of the way of the crate and of P2's landing
        p2 = Button.Right | (body.x[b] > PLANK_LEAP_X ? Button.Jump : 0);
        if (body.x[b] > PLANK_LEAP_X) { phase = 'ride'; phaseTick = t; }
      }
    } else if (phase === 'ride') {
      // P2 lands on the crate's top and stays over it while it swings out.
      p1 = toward(a, MEET2_X);
      p2 = (body.x[b] < body.x[heavy] ? Button.Right : 0) | (t - phaseTick < 20 ? Button.Jump : 0);
      // Missed it (down on the middle floor): back up onto the plank for the next swing.
      if (t - phaseTick > 30 && player.isGrounded[b] === 1 && player.groundBox[b] !== heavy && feet(b) > PLANK_Y + 0.5) phase = 'pump';
      if (t - phaseTick > 30 && player.isGrounded[b] === 1 && player.groundBox[b] === heavy && body.x[b] > GEM_JUMP_X) { phase = 'gem'; phaseTick = t; }
    } else if (phase === 'gem') {
      // Jump straight up from the crate near the far end of its swing: the gem.
      p1 = toward(a, MEET2_X);
      p2 = t - phaseTick < 20 ? Button.Jump : 0;
      if (t - phaseTick > 25 && player.isGrounded[b] === 1) phase = 'back';
    } else if (phase === 'back') {
      // Back on the crate: walk off it to the left, down onto the middle floor; P1 pumps again.
      p1 = pump(a);
      p2 = Button.Left;
      if (player.isGrounded[b] === 1 && feet(b) > FLOOR_Y[1] - 0.5) phase = 'gate2';
    } else if (phase === 'gate2') {
      // Both push (the swinging crate: when it swings away) until both are down on the lower floor.
      p1 = below(a, FLOOR_Y[1]) ? Button.Right : pump(a);
      p2 = below(b, FLOOR_Y[1]) ? Button.Right : pump(b);
      if (below(a, FLOOR_Y[1]) && below(b, FLOOR_Y[1])) phase = 'goal';
    } else {
      p1 = walkToGoal(a);
      p2 = walkToGoal(b);
    }
    inputs[0] = p1;
    inputs[1] = p2;
    pressed.push([p1, p2]);
    step(world, inputs);
    heavyOut = Math.max(heavyOut, heavyLeft());
    onTick?.(phase);
  }
  return pressed;
}

/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => { playCrateGates(world, onTick); };

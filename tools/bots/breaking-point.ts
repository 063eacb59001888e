// A scripted pair of players that completes level 17 ("Breaking Point"): both walk onto the
// practice plank by the start and jump off it onto the block past it (a take-off never snaps a
// frayed rope; a landing would), then walk over the two
// crates hanging on frayed ropes across the pit (walking on holds; a jump onto one would snap it),
// jump off the second crate to the far lip, hop the low step, then P1 walks onto the crate plugging
// the shaft and jumps on it while P2 anchors at the shaft's left lip: the landing snaps its rope and the
// crate drops into the cave below, P1 with it until the tether catches it just under the cave's
// ceiling; it swings (pumping) under the slab to the gem there, then P2 lets go and drops in after,
// and both walk up onto the goal dais.
// It reads positions a player can see and holds keys for stretches; no frame-exact presses.
import { Button, gemsCollected, step, type SimWorld } from '../../src/sim';

/** Jump off the second bridge crate toward the far lip while between these x, m. */
export const LEAP_X: readonly [number, number] = [20.4, 21.1];
/** Jump off the practice plank onto the block past it while between these x, m (a take-off never snaps). */
export const PRACTICE_X: readonly [number, number] = [10.1, 10.7];
/** The plug crate's middle (x) and the low step on the slab to hop (x range to jump from), m. */
export const PLUG_X = 41.5;
const STEP_JUMP: readonly [number, number] = [27.4, 28.2];
/** Where P2 anchors at the shaft's left lip while P1 stomps the plug, m. */
const LIP_X = 39.55;
/** In the cave: walk right to GOAL_X, jumping whenever something (the dais, the fallen crate) stops you, m. */
const GOAL_X = 55;
/** Slab floor height (feet y) above the cave, m. */
const SLAB_Y = 14;

export type BreakingPointPhase = 'bridge' | 'plug' | 'stomp' | 'cave';

/** Plays until the level is complete (or 60 s); returns the [P1, P2] masks it pressed, one per tick. */
export function playBreakingPoint(world: SimWorld, onTick?: (phase: BreakingPointPhase) => void): Array<[number, number]> {
  const [a, b] = world.queries.players.dense;
  const { body, player } = world;
  const pressed: Array<[number, number]> = [];
  const inputs = [0, 0];
  let phase: BreakingPointPhase = 'bridge';
  let stompAt = -1;
  const within = (x: number, [lo, hi]: readonly [number, number]) => x > lo && x < hi;
  // Walking right: jump only off the practice plank (onto the block), at the leap off the bridge and
  // at the low step; hold the key for a full jump.
  const walk = (e: number) => Button.Right | (within(body.x[e], LEAP_X) || within(body.x[e], STEP_JUMP) || within(body.x[e], PRACTICE_X) ? Button.Jump : 0);
  const toward = (e: number, x: number) => (body.x[e] < x - 0.15 ? Button.Right : body.x[e] > x + 0.15 ? Button.Left : 0);
  const inCave = (e: number) => body.y[e] + body.halfH[e] > SLAB_Y + 1;
  const blocked = [0, 0];
  const jumping = [0, 0];
  const toGoal = (e: number, slot: number) => {
    if (body.x[e] >= GOAL_X) return 0;
    blocked[slot] = player.isGrounded[e] && body.vx[e] < 0.5 ? blocked[slot] + 1 : 0;
    if (blocked[slot] > 4) jumping[slot] = 25; // bumped into a step: jump, holding the key
    if (jumping[slot] > 0) jumping[slot]--;
    return Button.Right | (jumping[slot] > 0 ? Button.Jump : 0);
  };
  for (let t = 0; t < 60 * 60 && world.completedTick < 0; t++) {
    let p1 = 0;
    let p2 = 0;
    if (phase === 'bridge') {
      // P1 leads over the crates, P2 follows a couple of metres behind.
      p1 = walk(a);
      p2 = body.x[b] < body.x[a] - 2.5 || body.x[a] > 25 ? walk(b) : 0;
      if (body.x[a] > 34 && body.x[b] > 26 && player.isGrounded[b]) phase = 'plug';
    } else if (phase === 'plug') {
      // P1 walks onto the middle of the plug; P2 anchors at the shaft's left lip.
      p1 = toward(a, PLUG_X);
      p2 = toward(b, LIP_X) | (Math.abs(body.x[b] - LIP_X) < 0.15 && player.isGrounded[b] ? Button.Anchor : 0);
      if (player.isAnchored[b] && Math.abs(body.x[a] - PLUG_X) < 0.2 && player.isGrounded[a] && Math.abs(body.vx[a]) < 0.5) { phase = 'stomp'; stompAt = t; }
    } else if (phase === 'stomp') {
      // P1 jumps straight up and lands on the plug (its rope snaps). P2 stays anchored at the shaft's
      // lip, so P1 ends up hanging on the tether just under the cave's ceiling and pumps the swing to
      // the gem under the slab; then P2 lets go and walks in after.
      const hanging = gemsCollected(world) === 0;
      p1 = t - stompAt < 30 ? Button.Jump : hanging && inCave(a) ? (body.vx[a] >= 0 ? Button.Right : Button.Left) : 0;
      p2 = hanging ? Button.Anchor : inCave(a) ? Button.Right : 0;
      if (inCave(a) && inCave(b)) phase = 'cave';
    } else {
      p1 = toGoal(a, 0);
      p2 = toGoal(b, 1);
    }
    inputs[0] = p1;
    inputs[1] = p2;
    pressed.push([p1, p2]);
    step(world, inputs);
    onTick?.(phase);
  }
  return pressed;
}

/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => { playBreakingPoint(world, onTick); };

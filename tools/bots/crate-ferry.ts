// A scripted pair of players that completes level 12 ("Crate Ferry", id crate-ferry). P1 shoves the
// loose crate across the mine floor, stopping under the first gem to jump for it from the crate's
// top, then shoves it against the shelf; both climb the shelf from the crate. On the shelf both wait
// at the edge of the spiked shaft for the ferry crate to swing close, hop on together, P1 jumps for
// the second gem as the ferry sweeps through the bottom of its swing, and both hop off onto the
// pillar at the other end of the swing. The second ferry the same way, onto the higher far ledge,
// and into the goal.
// It reads where the crates are and which way the ferry swings from the sim state.
import { Button, boxEntity, step, type SimWorld } from '../../src/sim';

/** The shelf's wall (the step crate is shoved against it) and the first shaft's edges, m. */
export const SHELF_X = 18;
export const SHAFT: readonly [number, number] = [30, 42];
/** Each ferry: its index in the boxes, where P1 and P2 wait to board it, board when it swings left
 *  past boardWhen, alight when it swings right past alightWhen, onto the far side at land (P1, P2), m. */
export interface Ferry { box: number; board: readonly [number, number]; boardWhen: number; alightWhen: number; land: readonly [number, number] }
export const FERRIES: readonly Ferry[] = [
  { box: 1, board: [29.5, 28.4], boardWhen: 33.2, alightWhen: 38.8, land: [43.5, 42.8] },
  { box: 2, board: [46.5, 45.4], boardWhen: 49.6, alightWhen: 55.6, land: [60.5, 59.8] },
];
/** Where P1 stops the step crate for the first gem (its centre), m. */
export const GEM_STOP_X = 9.5;
/** P1 jumps for the ferry gem when the ferry, swinging right, passes this x (its jump peaks over the shaft's middle), m. */
export const GEM_JUMP_X = 33.4;
const GOAL_X: readonly [number, number] = [64.5, 63];
/** Ticks Jump is held: a full jump. */
const JUMP_HOLD = 20;

export type CrateFerryPhase = 'push' | 'gem1' | 'shove' | 'climb' | 'board' | 'ride' | 'alight' | 'goal';

/** Plays until the level is complete (or 60 s); calls onTick after each step. */
export function playCrateFerry(world: SimWorld, onTick?: (phase: CrateFerryPhase) => void): void {
  const [a, b] = world.queries.players.dense;
  const { body, player } = world;
  const crate = boxEntity(world, 0);
  let f = 0; // the ferry ahead
  let ferry = boxEntity(world, FERRIES[0].box);
  const inputs = [0, 0];
  const jumpLeft = [0, 0];
  let phase: CrateFerryPhase = 'push';
  let gem2Done = false;
  const feet = (e: number) => body.y[e] + body.halfH[e];
  const onShelf = (e: number) => player.isGrounded[e] === 1 && feet(e) < 13.2 && body.x[e] > SHELF_X && body.x[e] < SHAFT[0];
  const onFerry = (e: number) => player.isGrounded[e] === 1 && player.groundBox[e] === ferry;
  const onFarSide = (e: number) => player.isGrounded[e] === 1 && body.x[e] > FERRIES[f].land[1] - 0.8;
  const toward = (e: number, x: number, slack = 0.2) => (body.x[e] < x - slack ? Button.Right : body.x[e] > x + slack ? Button.Left : 0);
  /** Start a full jump for slot s (its Jump is then held by `held`). */
  const jump = (s: number) => { jumpLeft[s] = JUMP_HOLD - 1; return Button.Jump; };
  const held = (s: number) => (jumpLeft[s] > 0 ? (jumpLeft[s]--, Button.Jump) : 0);
  /** Climb the shelf: onto the step crate, then up at the wall, pressing right (a ledge climb). */
  const climb = (s: number, e: number) => {
    if (onShelf(e)) return toward(e, FERRIES[0].board[s]);
    const h = held(s);
    if (h) return h | Button.Right;
    const onCrate = player.groundBox[e] === crate;
    if (player.isGrounded[e] && (onCrate || body.x[e] > body.x[crate] - body.halfW[crate] - 1.2)) return jump(s) | Button.Right;
    return Button.Right;
  };
  /** A hop towards x: a full jump once, then steering in the air until it lands. */
  const hopping = [false, false];
  const hopTo = (s: number, e: number, x: number) => {
    if (!hopping[s]) { hopping[s] = true; return jump(s) | toward(e, x, 0.3); }
    if (player.isGrounded[e] && jumpLeft[s] === 0) { hopping[s] = false; return 0; }
    return held(s) | toward(e, x, 0.3);
  };

  for (let t = 0; t < 60 * 60 && world.completedTick < 0; t++) {
    let p1 = 0;
    let p2 = 0;
    if (phase === 'push') {
      // P1 shoves the crate until it stands under the gem; P2 walks behind.
      p1 = body.x[crate] < GEM_STOP_X ? Button.Right : 0;
      p2 = toward(b, body.x[a] - 2);
      if (body.x[crate] >= GEM_STOP_X && Math.abs(body.vx[crate]) < 0.05 && player.isGrounded[a]) phase = 'gem1';
    } else if (phase === 'gem1') {
      // Up onto the crate, straight up for the gem, then back down behind the crate.
      const h = held(0);
      if (h) p1 = h | toward(a, body.x[crate], 0.3);
      else if (player.groundBox[a] === crate) p1 = world.rules.gems[0] ? Button.Left : jump(0);
      else if (world.rules.gems[0] && player.isGrounded[a]) phase = 'shove';
      else p1 = player.isGrounded[a] ? jump(0) | Button.Right : toward(a, body.x[crate], 0.3);
      p2 = toward(b, body.x[crate] - 3);
    } else if (phase === 'shove') {
      // Shove it on against the shelf's wall.
      p1 = body.x[a] < body.x[crate] - 1.3 || body.x[crate] + body.halfW[crate] < SHELF_X - 0.05 ? Button.Right : 0;
      p2 = toward(b, body.x[a] - 2);
      if (body.x[crate] + body.halfW[crate] > SHELF_X - 0.05 && p1 === 0) phase = 'climb';
      if (body.x[crate] + body.halfW[crate] > SHELF_X - 0.05 && Math.abs(body.vx[crate]) < 0.05) phase = 'climb';
    } else if (phase === 'climb') {
      // P1 climbs first; P2 follows once P1 is up.
      p1 = climb(0, a);
      p2 = onShelf(a) ? climb(1, b) : toward(b, body.x[crate] - 3);
      if (onShelf(a) && onShelf(b) && Math.abs(body.x[a] - FERRIES[0].board[0]) < 0.3 && Math.abs(body.x[b] - FERRIES[0].board[1]) < 0.3) phase = 'board';
    } else if (phase === 'board') {
      // Both hop on as the ferry comes close, swinging towards the shelf.
      const { board, boardWhen } = FERRIES[f];
      const go = body.vx[ferry] < 0 && body.x[ferry] < boardWhen;
      const ready = (e: number, s: number) => player.isGrounded[e] === 1 && Math.abs(body.x[e] - board[s]) < 0.3;
      p1 = hopping[0] || (go && ready(a, 0)) ? hopTo(0, a, body.x[ferry] + 0.5) : onFerry(a) ? toward(a, body.x[ferry] + 0.5) : toward(a, board[0]);
      p2 = hopping[1] || (go && ready(b, 1)) ? hopTo(1, b, body.x[ferry] - 0.5) : onFerry(b) ? toward(b, body.x[ferry] - 0.5) : toward(b, board[1]);
      if (onFerry(a) && onFerry(b)) phase = 'ride';
    } else if (phase === 'ride') {
      // Riding: P1 jumps straight up for the gem as the ferry sweeps down towards the bottom.
      const bottom = f === 0 && Math.abs(body.x[ferry] - GEM_JUMP_X) < 0.3 && body.vx[ferry] > 0;
      p1 = !gem2Done && bottom && player.isGrounded[a] ? (gem2Done = true, jump(0)) : held(0) | toward(a, body.x[ferry] + 0.5);
      p2 = toward(b, body.x[ferry] - 0.5);
      if ((gem2Done || f > 0) && jumpLeft[0] === 0 && onFerry(a) && body.vx[ferry] > 0 && body.x[ferry] > FERRIES[f].alightWhen) phase = 'alight';
    } else if (phase === 'alight') {
      // Hop off onto the far ledge at the end of the swing.
      const { land } = FERRIES[f];
      p1 = onFarSide(a) && !hopping[0] ? toward(a, land[0]) : hopTo(0, a, land[0]);
      p2 = onFarSide(b) && !hopping[1] ? toward(b, land[1]) : hopTo(1, b, land[1]);
      if (onFarSide(a) && onFarSide(b) && !hopping[0] && !hopping[1]) {
        f++;
        if (f < FERRIES.length) { ferry = boxEntity(world, FERRIES[f].box); phase = 'board'; } else phase = 'goal';
      }
    } else {
      p1 = toward(a, GOAL_X[0]);
      p2 = toward(b, GOAL_X[1]);
    }
    if (world.rules.dyingTicks[0] > 0) { hopping[0] = hopping[1] = false; jumpLeft[0] = jumpLeft[1] = 0; }
    inputs[0] = p1;
    inputs[1] = p2;
    step(world, inputs);
    onTick?.(phase);
  }
}

/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => { playCrateFerry(world, onTick); };

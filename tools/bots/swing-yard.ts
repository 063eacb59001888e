// A scripted pair of players that completes "Swing Yard" (levels/10-swing-yard.json): both run right
// (P1 bumps the hanging box out of the way), wait left of the spiked pendulum and cross right behind
// it as it swings away. The goal's ledge is 4 m high, beyond a jump from the floor: P1 jumps onto
// the crate hanging beside it (its rope snaps under a player), jumps from the fallen crate's top for
// the gem over to its left, hops back onto it and jumps up the ledge (pressing into the wall pulls
// it over the edge); P2 then climbs the same way, and both walk into the goal.
// It reads the sim state to time the crossing, so it stays valid if the swing's phase shifts a little.
import { Button, step, type SimWorld, boxEntity } from '../../src/sim';

/** Where the players wait for the pendulum (x of P1 and P2), m. */
export const WAIT_X: readonly [number, number] = [12.5, 11.7];
/** Start crossing when the spiked box, swinging right, is between these x, m. */
const GO_FROM = 15;
const GO_TO = 16;
/** A hop onto the crate starts this far left of its centre, m. */
const HOP_DX = 2.4;
/** Where P2 waits while P1 climbs, m. */
const P2_WAIT_X = 30;
/** The ledge's top (its left edge at x 33), m. */
const LEDGE_TOP = 13;
/** Where both walk to on the ledge (inside the goal), m. */
const GOAL_X: readonly [number, number] = [37.5, 36];
/** Ticks a full jump's key is held. */
const FULL_JUMP = 20;

type Phase = 'walk' | 'cross' | 'onCrate' | 'gem' | 'back' | 'ledge' | 'p2' | 'goal';

/** Plays until the level is complete (or 60 s); returns the [P1, P2] masks it pressed, one per tick. */
export function playSwingYard(world: SimWorld, onTick?: (phase: 'walk' | 'cross') => void): Array<[number, number]> {
  const [a, b] = world.queries.players.dense;
  const spiked = boxEntity(world, 1);
  const crate = boxEntity(world, 2);
  const { body, player } = world;
  const pressed: Array<[number, number]> = [];
  const inputs = [0, 0];
  const isCrateDown = () => Math.abs(body.vx[crate]) + Math.abs(body.vy[crate]) < 0.05 && body.y[crate] > 16.4;
  const grounded = (e: number) => player.isGrounded[e] === 1;
  const onCrate = (e: number) => grounded(e) && player.groundBox[e] === crate;
  const onLedge = (e: number) => grounded(e) && body.x[e] > 33 && body.y[e] + body.halfH[e] < LEDGE_TOP + 0.05;
  /** Ticks since each player's jump began while it is held, or -1. */
  const jumping = [-1, -1];
  /** A full jump that way: pressed once grounded, held FULL_JUMP ticks, then only `dir`. */
  const jump = (slot: number, e: number, dir: number): number => {
    if (jumping[slot] < 0 && grounded(e)) jumping[slot] = 0;
    if (jumping[slot] >= 0 && jumping[slot] < FULL_JUMP) { jumping[slot]++; return dir | Button.Jump; }
    return dir;
  };
  /** A jump over and landed: the next one may be pressed. */
  const landed = (slot: number, e: number) => { if (jumping[slot] >= FULL_JUMP && grounded(e)) jumping[slot] = -1; };
  /** Right until close left of the crate, then a full jump onto it, steering over its top in the air. */
  const hop = (slot: number, e: number): number => {
    landed(slot, e);
    if (onCrate(e) && jumping[slot] < 0) return 0;
    const dx = body.x[e] - body.x[crate];
    // In the air: where it would stop braking now (air control, 40 m/s^2), over the crate's middle.
    const stop = dx + (body.vx[e] * Math.abs(body.vx[e])) / 80;
    if (jumping[slot] >= 0) return jump(slot, e, stop > 0 ? Button.Left : stop < -0.3 ? Button.Right : 0);
    if (dx > -HOP_DX && dx < 0 && grounded(e)) return jump(slot, e, Button.Right);
    if (dx >= 0 && grounded(e)) return Button.Left; // past it on the floor: back round to its left
    return Button.Right;
  };
  /** P2 is on its way up the ledge (not hopping onto the crate). */
  let isP2Leaping = false;
  let phase: Phase = 'walk';
  let since = 0;
  for (let t = 0; t < 60 * 60 && world.completedTick < 0; t++) {
    let p1 = 0;
    let p2 = 0;
    const next = (p: Phase) => { phase = p; since = t; jumping[0] = jumping[1] = -1; };
    if (phase === 'walk') {
      p1 = body.x[a] < WAIT_X[0] ? Button.Right : 0;
      p2 = body.x[b] < WAIT_X[1] ? Button.Right : 0;
      const sx = body.x[spiked];
      if (p1 === 0 && p2 === 0 && body.vx[spiked] > 0 && sx > GO_FROM && sx < GO_TO) next('cross');
    } else if (phase === 'cross') {
      // P1 runs on and jumps onto the hanging crate; P2 stops short of it.
      p1 = hop(0, a);
      p2 = body.x[b] < P2_WAIT_X ? Button.Right : 0;
      if (onCrate(a)) next('onCrate');
    } else if (phase === 'onCrate') {
      // The rope snaps; once the crate lies on the floor, a full jump up and left for the gem.
      if (jumping[0] >= 0 || (isCrateDown() && onCrate(a) && t - since > 10)) p1 = jump(0, a, Button.Left);
      if (jumping[0] >= FULL_JUMP && grounded(a) && !onCrate(a)) next('back');
    } else if (phase === 'back') {
      p1 = hop(0, a);
      if (onCrate(a) && jumping[0] < 0 && Math.abs(body.vx[a] - body.vx[crate]) < 0.5) next('ledge');
    } else if (phase === 'ledge') {
      // Up and right, pressing into the ledge's face: the climb pulls it over the edge.
      p1 = jump(0, a, Button.Right);
      if (onLedge(a)) next('p2');
      else if (jumping[0] >= FULL_JUMP && grounded(a) && !onCrate(a)) next('back');
    } else if (phase === 'p2') {
      // P1 waits at the edge; P2 hops onto the crate and jumps up the same way.
      p1 = body.x[a] < 34.5 ? Button.Right : 0;
      if (!isP2Leaping && onCrate(b) && jumping[1] < 0 && Math.abs(body.vx[b]) < 0.5) isP2Leaping = true;
      if (isP2Leaping && jumping[1] >= FULL_JUMP && grounded(b) && !onLedge(b)) { isP2Leaping = false; jumping[1] = -1; }
      p2 = isP2Leaping ? jump(1, b, Button.Right) : hop(1, b);
      if (onLedge(b)) next('goal');
    } else {
      p1 = body.x[a] < GOAL_X[0] ? Button.Right : 0;
      p2 = body.x[b] < GOAL_X[1] ? Button.Right : 0;
    }
    inputs[0] = p1;
    inputs[1] = p2;
    pressed.push([p1, p2]);
    step(world, inputs);
    onTick?.(phase === 'walk' ? 'walk' : 'cross');
  }
  return pressed;
}

/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => { playSwingYard(world, onTick); };

// A solo bot as a list of moves done one after the other: "switch to P2", "walk P2 to x = 18",
// "anchor P1"... Each call of a move presses at most one tick and says whether it is done (a move
// not done must press, so time goes on); the runner then goes on to the next. Moves read the sim's
// state, so they wait for what they need (a character to stop, an anchor to take hold) instead of
// counting ticks. One move runs at a time, so they share the walker's jump and blocked counters.
import { Button, type SimWorld } from '../../../src/sim';
import type { SoloPlayer } from './soloPlayer';

/** One tick of a move: presses once (through `solo`) and returns true when the move is done. */
export type Move = () => boolean;

/** x ranges of a character's centre where it presses Jump while walking right, m. */
export type JumpZones = ReadonlyArray<readonly [number, number]>;

/** Ticks Jump is held once pressed: a full-height jump, as a person holds the key. */
const JUMP_HOLD = 20;

export function createMoves(world: SimWorld, solo: SoloPlayer) {
  const { body, player } = world;
  const players = world.queries.players.dense;
  const still = (e: number) => player.isGrounded[e] === 1 && Math.abs(body.vx[e]) < 0.3;
  let jumpHeld = 0;
  let blocked = 0; // ticks the walker has pushed against something without moving
  let lastX = 0; // the walker's x on the tick before
  let waited = 0;
  const moves = {
    /** Control `slot`: a switch press when the other one is controlled (no button held through it). */
    control: (slot: number): Move => () => {
      if (solo.slot === slot) return true;
      solo.press(0, true);
      return true;
    },
    /** Walk the controlled character to `x` (centre, m), jumping in `zones` when going right; done
     *  once it stands still within `tolerance` of x. */
    walkTo: (x: number, zones: JumpZones = [], tolerance = 0.15): Move => () => {
      const e = solo.me;
      const dx = x - body.x[e];
      if (jumpHeld > 0) { jumpHeld--; solo.press((dx > 0 ? Button.Right : Button.Left) | Button.Jump); return false; }
      if (Math.abs(dx) <= tolerance) {
        solo.press(0);
        return still(e);
      }
      const inZone = dx > 0 && zones.some(([lo, hi]) => body.x[e] > lo && body.x[e] < hi);
      // Close to the spot: let go early so it stops there instead of running past (and creep on
      // when it stopped short).
      const brake = Math.abs(body.vx[e]) > 0.5 && Math.abs(dx) < 0.25 + Math.abs(body.vx[e]) * 0.02;
      // Pushing against a step or a wall without moving: jump it, as a player would.
      // (Measured by the distance made, not vx: pushing a box against a wall reports a velocity.)
      const isStuck = Math.abs(body.x[e] - lastX) < 0.008;
      lastX = body.x[e];
      blocked = !brake && player.isGrounded[e] && isStuck ? blocked + 1 : 0;
      // Still blocked after jumps: as close as it gets (a spot against a wall).
      if (blocked > 90) { blocked = 0; solo.press(0); return true; }
      if (player.isGrounded[e] && (inZone || blocked % 30 === 5)) {
        jumpHeld = JUMP_HOLD - 1;
        solo.press((dx > 0 ? Button.Right : Button.Left) | Button.Jump);
        return false;
      }
      solo.press(brake ? 0 : dx > 0 ? Button.Right : Button.Left);
      return false;
    },
    /** Hold Anchor until the controlled character has hold; done then (the next switch latches it). */
    anchor: (): Move => () => {
      const has = player.isAnchored[solo.me] === 1;
      solo.press(Button.Anchor);
      return has;
    },
    /** Hold `buttons` for `ticks` ticks. */
    hold: (buttons: number, ticks: number): Move => () => {
      solo.press(buttons);
      if (++waited < ticks) return false;
      waited = 0;
      return true;
    },
    /** Hold `buttons` (chosen each tick) until `isDone` says so. */
    until: (buttons: () => number, isDone: () => boolean): Move => () => {
      if (isDone()) return true;
      solo.press(buttons());
      return false;
    },
    /** The entity of slot 0 (P1) or 1 (P2). */
    entity: (slot: number) => players[slot],
  };
  return {
    ...moves,
    /** Take control of `slot` and walk it to `x` (walkTo's `zones` and `tolerance`). */
    go: (slot: number, x: number, zones: JumpZones = [], tolerance?: number): Move[] => [moves.control(slot), moves.walkTo(x, zones, tolerance)],
  };
}

/** Runs `moves` in order until they are all done, the level is complete or `maxTicks` pass. */
export function runMoves(world: SimWorld, moves: readonly Move[], maxTicks: number, onTick?: (move: number) => void): void {
  let k = 0;
  for (let t = 0; t < maxTicks && world.completedTick < 0 && k < moves.length; ) {
    const before = world.tick;
    if (moves[k]()) k++;
    if (world.tick !== before) { t++; onTick?.(k); }
  }
}

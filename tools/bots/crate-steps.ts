// A scripted pair of players that completes level 11 ("Crate Steps", id crate-steps): both hop from
// foothold to foothold (the start floor, three heavy crates over the spikes, the pillar, three lighter
// crates climbing to the goal ledge) the way a person does: walk up to the edge of what you stand
// on, jump, and steer in the air over the middle of the next foothold (a crate where it hangs now,
// it swings). They leapfrog: P2 hops onto the foothold P1 has just left, so each crate carries
// one player (the 9 m tether reaches one foothold back). On the way, P1 jumps up from the middle crate of the first pit to the gem
// hanging over it, and from the second climbing crate to the gem above it.
// It reads where the crates are and what each player stands on from the sim state.
import { Button, boxEntity, step, type SimWorld } from '../../src/sim';

/** A foothold: a crate (its index in the level's boxes) or a stretch of solid floor [x0, x1], m. */
export type Foothold = { box: number } | { floor: readonly [number, number] };
/** The route, left to right: start floor, crates 1-3, pillar, crates 4-6, goal ledge. */
export const ROUTE: readonly Foothold[] = [
  { floor: [0, 12] }, { box: 0 }, { box: 1 }, { box: 2 }, { floor: [24, 30] },
  { box: 3 }, { box: 4 }, { box: 5 }, { floor: [42, 57] },
];
/** Footholds where the player stops and jumps straight up for a gem first (route index). */
export const GEM_JUMPS: readonly number[] = [2, 6];
/** Ticks Jump is held: a full jump. */
const JUMP_HOLD = 20;
/** Jump from this far inside the right edge of the foothold, m. */
const TAKEOFF = 0.6;
/** Where both stop in the goal, m. */
const GOAL_X: readonly [number, number] = [54, 52.5];

export type CrateStepsPhase = 'hop' | 'goal';

/** The hop logic both bots share: `update()` once a tick before asking, `buttons(s)` for slot s,
 *  `waiting` tells (after buttons) whether that player only waits for the other one. */
export function createHopper(world: SimWorld) {
  const players = world.queries.players.dense;
  const { body, player } = world;
  const waiting = [false, false];
  const at = [0, 0]; // route index of the foothold each player stands on
  const jumpLeft = [0, 0];
  const airborne = [false, false];
  const gemDone = [false, false];
  /** Where to land on a foothold: a crate's middle, 1.5 m onto a floor. */
  const centre = (f: Foothold) => ('box' in f ? body.x[boxEntity(world, f.box)] : f.floor[0] + 1.5);
  const right = (f: Foothold) => ('box' in f ? body.x[boxEntity(world, f.box)] + body.halfW[boxEntity(world, f.box)] : f.floor[1]);
  const standsOn = (e: number, f: Foothold) => player.isGrounded[e] === 1
    && ('box' in f ? player.groundBox[e] === boxEntity(world, f.box) : body.x[e] > f.floor[0] && body.x[e] < f.floor[1]);
  /** The sideways speed of what player e stands on (a swinging crate), m/s. */
  const standVx = (e: number) => (player.groundBox[e] !== 0 ? body.vx[player.groundBox[e]] : 0);
  /** Left/right toward x (centre of the player), 0 within 0.25 m. */
  const toward = (e: number, x: number) => (body.x[e] < x - 0.25 ? Button.Right : body.x[e] > x + 0.25 ? Button.Left : 0);

  const hopper = (s: number): number => {
    const e = players[s];
    const i = at[s];
    waiting[s] = false;
    if (airborne[s] && player.isGrounded[e] && jumpLeft[s] === 0) airborne[s] = false; // landed
    // On the goal ledge: P1 waits near its lip until P2 is up too (walking on would drag P2 off).
    if (i === ROUTE.length - 1) {
      waiting[s] = at[1 - s] !== i;
      return toward(e, waiting[s] ? centre(ROUTE[i]) : GOAL_X[s]);
    }
    const next = ROUTE[i + 1];
    if (airborne[s]) {
      // In the air: hold the jump, steer over the middle of the next foothold (or the gem's crate).
      const jump = jumpLeft[s] > 0 ? (jumpLeft[s]--, Button.Jump) : 0;
      // Steer by where it will be a moment later, so it brakes before the middle, not past it.
      const target = centre(gemJump(s, i) ? ROUTE[i] : next);
      const ahead = body.x[e] + body.vx[e] * 0.25;
      return jump | (ahead < target - 0.25 ? Button.Right : ahead > target + 0.25 ? Button.Left : 0);
    }
    // Leapfrog, one crate each: P2 hops onto a crate once P1 has left it for the next foothold
    // (a crate holds one player steadily), onto a floor once P1 stands on it.
    // P1 hops on only while P2 stands within 8 m of where P1 lands (the tether reaches 9 m).
    const other = players[1 - s];
    const waits = s === 0
      ? !player.isGrounded[other] || Math.abs(centre(next) - body.x[other]) > 8
      : at[0] < ('box' in next ? i + 2 : i + 1) || !player.isGrounded[other]; // a floor holds both
    // P1 waits where it landed (walking ahead would pull P2 off its crate); P2 close to its edge.
    waiting[s] = waits;
    if (waits) return toward(e, 'box' in ROUTE[i] || s === 0 ? centre(ROUTE[i]) : right(ROUTE[i]) - TAKEOFF - 1);
    // On a crate, step to its middle (near an edge it tips you off as it swings) and jump once it
    // has calmed down; on solid floor, walk to its edge first.
    const onCrate = 'box' in ROUTE[i];
    const takeoff = onCrate ? centre(ROUTE[i]) : right(ROUTE[i]) - TAKEOFF;
    const calm = Math.abs(standVx(e)) < 0.4 && Math.abs(body.vx[e] - standVx(e)) < 0.3;
    // (Half a metre from a crate's middle is near enough: stepping to and fro on it rocks it.)
    if (Math.abs(body.x[e] - takeoff) < (onCrate ? 0.5 : 0.3) && player.isGrounded[e] && calm) {
      if (gemJump(s, i)) gemDone[s] = true;
      airborne[s] = true;
      jumpLeft[s] = JUMP_HOLD - 1;
      return Button.Jump;
    }
    return onCrate && Math.abs(body.x[e] - takeoff) < 0.5 ? 0 : toward(e, takeoff);
  };
  /** Only P1 collects the gems: it jumps straight up from the gem's crate once. */
  const gemJump = (s: number, i: number) => s === 0 && GEM_JUMPS.includes(i) && !gemDone[s];

  const update = (): void => {
    for (let s = 0; s < 2; s++) {
      // What each stands on decides where it is on the route (after a respawn too).
      const k = ROUTE.findIndex((f) => standsOn(players[s], f));
      if (k >= 0) at[s] = k;
      if (world.rules.dyingTicks[0] > 0) { airborne[s] = false; jumpLeft[s] = 0; }
    }
  };
  return {
    update,
    buttons: hopper,
    waiting: waiting as readonly boolean[],
    /** True while player s is in the air on a hop (it must not be switched away from then). */
    isHopping: (s: number) => airborne[s],
    phase: (): CrateStepsPhase => (at[0] === ROUTE.length - 1 ? 'goal' : 'hop'),
  };
}

/** Plays until the level is complete (or 60 s); calls onTick after each step. */
export function playCrateSteps(world: SimWorld, onTick?: (phase: CrateStepsPhase) => void): void {
  const hop = createHopper(world);
  const inputs = [0, 0];
  for (let t = 0; t < 60 * 60 && world.completedTick < 0; t++) {
    hop.update();
    inputs[0] = hop.buttons(0);
    inputs[1] = hop.buttons(1);
    step(world, inputs);
    onTick?.(hop.phase());
  }
}

/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => { playCrateSteps(world, onTick); };

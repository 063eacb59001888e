// A scripted pair of players that completes level 23 ("The Spike Run"): over the frayed crate bridge
// one per crate (P1 leads; P2 steps onto the first crate only once P1 is on the second, and onto the
// second once P1 has hopped off it), then behind each spiked pendulum as it swings away, waiting
// between the two. At the rig's station P1 anchors at the edge and P2 runs off it: its swing out over
// the spikes touches the gem, then P1 walks back and hauls it up the cliff. Both jump onto the gondola
// when the moving rig brings it in, P1 jumps on the way for the gem above the track, they step off
// onto the far landing, slip behind the last pendulum and walk to the goal.
// It reads what a player sees: the players, the crates, the pendulums, the rig and its gondola.
import { Button, boxEntity, step, type SimWorld } from '../../src/sim';

/** The bridge: its two crates span these x (left, right) and the hop off the second, m. */
export const CRATE_A: readonly [number, number] = [9.1, 12.9];
export const CRATE_B: readonly [number, number] = [13.1, 16.9];
export const HOP_X: readonly [number, number] = [15.9, 16.6];
/** The pendulums' pivots (x) and how far either side of one its blade reaches down to head height, m. */
export const PIVOTS = [27.5, 36.5, 86.5] as const;
export const DANGER = 1.5;
/** Start running when the blade, swinging right, is this close left of its pivot, m. */
export const LEAD = 1.8;
/** The station's edge (the rig's end), the far landing's edge, m. */
export const STATION_X = 48;
export const LANDING_X = 78;
/** Floor height (feet y) of the ledges, m. */
export const FLOOR_Y = 16;
/** Where the pair waits for the gondola (P1, P2; the rig sets it down at the station's edge), and
 *  the gem above the rig's track (x), m. */
export const STATION_WAIT: readonly [number, number] = [45.6, 44.4];
export const RIG_GEM_X = 63;

export type SpikeRunPhase = 'bridgeP1' | 'bridgeP2' | 'pend1' | 'cross1' | 'pend2' | 'cross2' | 'edge' | 'swing' | 'haul'
  | 'station' | 'board' | 'ride' | 'off' | 'pend3' | 'goal';

/** Plays until the level is complete (or 120 s); returns the [P1, P2] masks pressed, one per tick. */
export function playSpikeRun(world: SimWorld, onTick?: (phase: SpikeRunPhase) => void): Array<[number, number]> {
  const [a, b] = world.queries.players.dense;
  const { body, player } = world;
  const blades = [boxEntity(world, 2), boxEntity(world, 3), boxEntity(world, 4)];
  const gondola = boxEntity(world, 5);
  const [rig] = world.queries.platforms.dense;
  const pressed: Array<[number, number]> = [];
  const inputs = [0, 0];
  const toward = (e: number, x: number) => (body.x[e] < x - 0.12 ? Button.Right : body.x[e] > x + 0.12 ? Button.Left : 0);
  const feet = (e: number) => body.y[e] + body.halfH[e];
  const stands = (e: number) => player.isGrounded[e] === 1 && Math.abs(feet(e) - FLOOR_Y) < 0.1;
  /** Walking right, with a full jump (key held) off the second crate's end onto the island. */
  const hopOver = (e: number, x: number) => {
    const isHop = body.x[e] > HOP_X[0] && body.x[e] < 17.5 && (!player.isGrounded[e] || body.x[e] < HOP_X[1]);
    return toward(e, x) | (isHop ? Button.Jump : 0);
  };
  /** A blade is sweeping right through the bottom of its swing: run now, right behind it, and be past
   *  its low arc before it swings back. */
  const isGoneRight = (k: number) => body.vx[blades[k]] > 0 && body.x[blades[k]] > PIVOTS[k] - LEAD && body.x[blades[k]] < PIVOTS[k] + 1;
  /** In the air: drift towards `to` without overshooting it (press against the motion near it). */
  const steer = (e: number, to: number) => {
    const dx = to - body.x[e];
    const vx = body.vx[e] - body.vx[gondola];
    if (Math.abs(dx) < 0.3) return vx > 0.5 ? Button.Left : vx < -0.5 ? Button.Right : 0;
    if (dx > 0) return vx < Math.min(4, 4 * dx) ? Button.Right : Button.Left;
    return vx > Math.max(-4, 4 * dx) ? Button.Left : Button.Right;
  };
  const onGondola = (e: number) => player.groundBox[e] === gondola;
  let phase = 'bridgeP1' as SpikeRunPhase; // not narrowed: enter() changes it
  let since = 0;
  const enter = (next: SpikeRunPhase, t: number) => { phase = next; since = t; };
  for (let t = 0; t < 60 * 120 && world.completedTick < 0; t++) {
    let p1 = 0;
    let p2 = 0;
    if (phase === 'bridgeP1') {
      // P1 walks over both crates and hops onto the island; P2 follows one crate behind.
      p1 = hopOver(a, 21.5);
      const next = body.x[a] < CRATE_B[0] + 0.5 ? CRATE_A[0] - 0.6 : body.x[a] < 17.3 ? CRATE_B[0] - 0.7 : 21;
      p2 = hopOver(b, next);
      if (body.x[a] > 17.3 && stands(a)) enter('bridgeP2', t);
    }
    if (phase === 'bridgeP2') {
      p1 = toward(a, 22.8);
      p2 = hopOver(b, 21.4);
      if (p1 === 0 && p2 === 0 && stands(b)) enter('pend1', t);
    }
    if (phase === 'pend1') {
      if (isGoneRight(0)) enter('cross1', t);
    }
    if (phase === 'cross1') {
      // Behind the first blade to the safe stretch between the two pendulums.
      p1 = toward(a, 32.8);
      p2 = toward(b, 31.8);
      if (p1 === 0 && p2 === 0 && t - since > 30) enter('pend2', t);
    }
    if (phase === 'pend2') {
      if (isGoneRight(1)) enter('cross2', t);
    }
    if (phase === 'cross2') {
      // Short of the edge while the rig has the gondola set down there: an anchored player under
      // it is a post the gondola lands on and tips over (it flipped, its ropes crossed).
      const isGondolaDown = body.x[rig] < STATION_X + 3;
      p1 = toward(a, isGondolaDown ? STATION_X - 3 : STATION_X - 0.4);
      p2 = toward(b, isGondolaDown ? STATION_X - 4.4 : STATION_X - 1.8);
      if (p1 === 0 && p2 === 0 && !isGondolaDown) enter('edge', t);
    }
    if (phase === 'edge') {
      // P1 anchors at the edge; P2 backs up for a run-up.
      p1 = Button.Anchor;
      p2 = toward(b, STATION_X - 4.5);
      if (p2 === 0 && player.isAnchored[a]) enter('swing', t);
    }
    if (phase === 'swing') {
      // P2 runs off the edge and swings out over the spikes (the gem), back against the cliff.
      p1 = Button.Anchor;
      p2 = t - since < 60 ? Button.Right : 0;
      if (t - since > 150) enter('haul', t);
    }
    if (phase === 'haul') {
      // P1 walks back along the station, hauling P2 up; P2 presses into the cliff (on its left) to
      // climb over the top.
      p1 = toward(a, STATION_X - 7);
      p2 = Button.Left;
      if (stands(b) && body.x[b] < STATION_X) enter('station', t);
    }
    if (phase === 'station') {
      p1 = toward(a, STATION_WAIT[0]);
      p2 = toward(b, STATION_WAIT[1]);
      // The rig has set the gondola down at the station's edge: jump on.
      if (p1 === 0 && p2 === 0 && body.x[gondola] < STATION_X + 0.6 && body.x[rig] < STATION_X) enter('board', t);
    }
    if (phase === 'board') {
      // Each walks up to the gondola and jumps onto it (its top is half a metre above the floor).
      const left = body.x[gondola] - body.halfW[gondola];
      const board = (e: number, to: number) => {
        if (onGondola(e)) return toward(e, to);
        if (player.isGrounded[e]) return toward(e, to) | (body.x[e] > left - 1.2 ? Button.Jump : 0);
        return steer(e, to) | (body.vy[e] < 0 ? Button.Jump : 0); // let go of Jump before landing
      };
      p1 = board(a, body.x[gondola] + 0.6);
      p2 = board(b, body.x[gondola] - 0.6);
      if (onGondola(a) && onGondola(b)) enter('ride', t);
    }
    if (phase === 'ride') {
      // Ride; P1 jumps straight up under the gem as the gondola carries it there.
      const isUnder = body.x[a] > RIG_GEM_X - 1.2 && body.x[a] < RIG_GEM_X - 0.8 && world.rules.gems[0] !== 0 && (world.rules.gems[0] & 2) === 0;
      p1 = player.isGrounded[a] ? (isUnder ? Button.Jump : 0) : steer(a, body.x[gondola] + 0.6) | (body.vy[a] < 0 ? Button.Jump : 0);
      p2 = player.isGrounded[b] ? 0 : steer(b, body.x[gondola] - 0.6);
      if (body.x[rig] > LANDING_X - 2) enter('off', t);
    }
    if (phase === 'off') {
      // Step off onto the landing; wait short of the last pendulum.
      p1 = toward(a, PIVOTS[2] - DANGER - 1.4);
      p2 = toward(b, PIVOTS[2] - DANGER - 2.6);
      if (p1 === 0 && p2 === 0 && stands(a) && stands(b)) enter('pend3', t);
    }
    if (phase === 'pend3') {
      if (isGoneRight(2)) enter('goal', t);
    }
    if (phase === 'goal') {
      p1 = toward(a, 92.5);
      p2 = toward(b, 91);
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
export const play = (world: SimWorld, onTick: () => void): void => { playSpikeRun(world, onTick); };

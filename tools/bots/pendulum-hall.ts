// A scripted pair of players that completes level 20 ("Pendulum Hall"). Four spiked blades swing
// through the hall at head height; between them the floor is safe. The pair climbs the steps to the
// balcony, whose end blade B's swing just reaches; as B swings away P1 steps off and drops past
// the gem to the safe floor between blades A and B, and P2 the same on B's next swing. Then, for each
// blade, they wait in the safe stretch before it until it passes its lowest point swinging away
// from them, and walk in right behind it: it is out at the far side and coming back only once
// they are through. Last, up the two low steps onto the goal dais.
// It reads the blades' positions and velocities like a player watching them; no frame-exact presses.
import { Button, step, type SimWorld } from '../../src/sim';

/** Each blade's pivot x (its lowest point), m, in the order they are passed. */
export const PIVOTS = [16.5, 31.5, 40.5, 50] as const;
/** Go when the blade ahead, swinging right, has come this far down its near side (m short of its pivot). */
export const GO_AT = [0, 2.5, 3, 2.5] as const;
/** Where P1 and P2 wait in the safe stretch after each blade, close together just short of the next
 *  blade's reach (the pair must cross its whole sweep in one of its swings), m. */
export const SAFE: ReadonlyArray<readonly [number, number]> = [[28.0, 27.7], [36.2, 35.9], [46.6, 46.3]];
/** The balcony's end, and where a player waits at it (still standing on it), m. */
export const BALCONY_END = 26;
export const EDGE = BALCONY_END + 0.2;
/** x of each step face on the way up to the balcony, and on the way onto the goal dais, m. */
const STEP_FACES = [6, 8, 10, 12, 57, 58, 60];
const GOAL = [65, 63.5] as const;

export type PendulumHallPhase = 'climb' | 'ready' | 'drop' | 'ready-2' | 'drop-2' | 'wait' | 'cross' | 'goal';

/** Plays until the level is complete (or 90 s); returns the [P1, P2] masks pressed, one per tick. */
export function playPendulumHall(world: SimWorld, onTick?: (phase: PendulumHallPhase) => void): Array<[number, number]> {
  const [a, b] = world.queries.players.dense;
  const blades = world.queries.boxes.dense;
  const { body, player } = world;
  const pressed: Array<[number, number]> = [];
  const inputs = [0, 0];
  let phase: PendulumHallPhase = 'climb';
  let since = 0;
  let gap = 0; // the safe stretch the pair stands in (index into SAFE), and the blade ahead is gap + 1
  const grounded = (e: number) => player.isGrounded[e] === 1;
  const standsAt = (e: number, x: number) => grounded(e) && Math.abs(body.x[e] - x) < 0.1 && Math.abs(body.vx[e]) < 0.2;
  const toward = (e: number, x: number, tol = 0.12) => (body.x[e] < x - tol ? Button.Right : body.x[e] > x + tol ? Button.Left : 0);
  /** Walking right: jump just before a step face, holding the key. */
  const held = new Map<number, number>(); // ticks each player has held Jump
  const hop = (e: number) => {
    const nearStep = STEP_FACES.some((f) => body.x[e] > f - 1.1 && body.x[e] < f - 0.1);
    // Hold Jump for a full jump, then let go for a tick so the next step gets a fresh press.
    const h = held.get(e) ?? 0;
    const press = h > 0 ? h < 16 : grounded(e) && nearStep;
    held.set(e, press ? h + 1 : 0);
    return press ? Button.Jump : 0;
  };
  const walk = (e: number, x: number) => { const m = toward(e, x); return m === Button.Right ? m | hop(e) : m; };
  /** The blade is coming down its near (left) side swinging right: going now, the pair is right
   *  behind it as it sweeps away, and past its far end before it sweeps back. */
  const turning = (k: number) => body.vx[blades[k]] > 0 && body.x[blades[k]] > PIVOTS[k] - GO_AT[k] && body.x[blades[k]] < PIVOTS[k];
  for (let t = 0; t < 60 * 90 && world.completedTick < 0; t++) {
    let p1 = 0;
    let p2 = 0;
    since++;
    const next = (p: PendulumHallPhase) => { phase = p; since = 0; };
    if (phase === 'climb') {
      // Up the steps onto the balcony: P1 to its very end, P2 behind.
      p1 = walk(a, EDGE - 0.8);
      p2 = walk(b, EDGE - 2);
      if (p1 === 0 && p2 === 0 && grounded(a) && grounded(b) && body.y[a] < 12.5) next('ready');
    } else if (phase === 'ready' || phase === 'ready-2') {
      // Blade B's far-left swing passes just beyond the balcony's end: step off as it swings away.
      const e = phase === 'ready' ? a : b;
      // Edge up to the very end in small steps (running would carry it off).
      const creep = body.x[e] < EDGE - 0.05 && Math.abs(body.vx[e]) < 0.3 ? Button.Right : 0;
      if (e === a) p1 = creep; else p2 = creep;
      if (standsAt(e, EDGE) && turning(1)) next(phase === 'ready' ? 'drop' : 'drop-2');
    } else if (phase === 'drop' || phase === 'drop-2') {
      // Step off (a short step, to fall straight down past the gem onto the floor between A and B).
      const e = phase === 'drop' ? a : b;
      const step = grounded(e) && body.y[e] < 12.5 && body.vx[e] < 0.3 ? Button.Right : 0;
      if (e === a) p1 = step; else p2 = step;
      if (grounded(e) && body.y[e] > 18) {
        if (phase === 'drop') next('ready-2');
        else { gap = 0; next('wait'); }
      }
    } else if (phase === 'wait') {
      p1 = toward(a, SAFE[gap][0]);
      p2 = toward(b, SAFE[gap][1]);
      if (p1 === 0 && p2 === 0 && turning(gap + 1)) next(gap + 1 < SAFE.length ? 'cross' : 'goal');
    } else if (phase === 'cross') {
      // Right behind the blade to the next safe stretch.
      p1 = toward(a, SAFE[gap + 1][0]);
      p2 = toward(b, SAFE[gap + 1][1]);
      if (p1 === 0 && p2 === 0) { gap++; next('wait'); }
    } else {
      p1 = walk(a, GOAL[0]);
      p2 = walk(b, GOAL[1]);
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
export const play = (world: SimWorld, onTick: () => void): void => { playPendulumHall(world, onTick); };

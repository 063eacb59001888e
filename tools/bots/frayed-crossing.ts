// A scripted pair of players that completes level 19 ("Frayed Crossing"). Frayed planks hold one
// walker but snap under two, or under a jump landing, so each plank is crossed one at a time: the
// leader walks over while the other waits on solid ground, then the other follows. At the well P1
// anchors at its lip and P2 jumps on the trapdoor: it snaps, P2 drops and hangs from P1 down the
// well past the gem. The well is too narrow to haul out of: P1 lets go, is dragged over the well to
// the second checkpoint, and walks on onto the first span with P2 hanging from it: it snaps, and the
// pair is back at that checkpoint with the gem kept. Then over the two spans
// (resting on the pillar between them), then step onto the plug together: under the two of them it
// snaps and drops them into the goal cave.
// It reads positions a player can see and holds keys for stretches; no frame-exact presses.
import { Button, step, type SimWorld } from '../../src/sim';

/** Where P1 anchors back from the well's lip (so P2 hangs at the gem's depth), and the trapdoor's middle, m. */
export const WELL_LIP_X = 27.7;
export const TRAPDOOR_X = 35;
/** The plug's middle, m. */
export const PLUG_X = 69;
/** Solid ground after each plank, [left, right] of it, where a waiting player stands (x, m). */
export const STOPS = { start: 8.3, lip: 19, well: 38.5, pillar: [50.6, 51.5], last: [61.8, 63.5] } as const;

export type FrayedCrossingPhase = 'bridge' | 'bridge-2' | 'to-well' | 'drop' | 'haul' | 'walk-over' | 'span' | 'span-2' | 'span-3' | 'span-4' | 'plug' | 'cave';

/** Plays until the level is complete (or 90 s); returns the [P1, P2] masks pressed, one per tick. */
export function playFrayedCrossing(world: SimWorld, onTick?: (phase: FrayedCrossingPhase) => void): Array<[number, number]> {
  const [a, b] = world.queries.players.dense;
  const { body, player } = world;
  const pressed: Array<[number, number]> = [];
  const inputs = [0, 0];
  let phase: FrayedCrossingPhase = 'bridge';
  let since = 0;
  const toward = (e: number, x: number, tol = 0.15) => (body.x[e] < x - tol ? Button.Right : body.x[e] > x + tol ? Button.Left : 0);
  const grounded = (e: number) => player.isGrounded[e] === 1;
  const standsAt = (e: number, x: number) => grounded(e) && Math.abs(body.x[e] - x) < 0.3 && Math.abs(body.vx[e]) < 0.3;
  for (let t = 0; t < 60 * 90 && world.completedTick < 0; t++) {
    let p1 = 0;
    let p2 = 0;
    since++;
    const next = (p: FrayedCrossingPhase) => { phase = p; since = 0; };
    if (phase === 'bridge') {
      // P1 crosses the bridge alone; P2 waits at the start's edge.
      p1 = toward(a, 17.6);
      p2 = toward(b, STOPS.start);
      if (standsAt(a, 17.6)) next('bridge-2');
    } else if (phase === 'bridge-2') {
      p1 = toward(a, 20.5);
      p2 = toward(b, STOPS.lip);
      if (standsAt(b, STOPS.lip)) next('to-well');
    } else if (phase === 'to-well') {
      // P1 to the well's lip and anchors; P2 behind it.
      p1 = toward(a, WELL_LIP_X, 0.1);
      p2 = toward(b, 23.5);
      if (p1 === 0 && grounded(a) && Math.abs(body.vx[a]) < 0.3) p1 = Button.Anchor;
      if (player.isAnchored[a]) next('drop');
    } else if (phase === 'drop') {
      // P2 walks onto the trapdoor and jumps on it: the landing snaps its ropes.
      p1 = Button.Anchor;
      p2 = toward(b, TRAPDOOR_X, 0.1);
      if (p2 === 0 && grounded(b) && body.x[b] > 34.5) p2 = Button.Jump;
      if (body.y[b] > 12 && since > 40 && Math.abs(body.vy[b]) < 1) next('haul');
    } else if (phase === 'haul') {
      // No hauling out of the narrow well (the tether grinds over its lip): P1 lets go, is dragged
      // over the well onto the far ledge (reaching the second checkpoint) and walks on onto the span
      // with P2's weight hanging from it: the span snaps and both come back at the checkpoint.
      p1 = since > 90 ? Button.Right : 0;
      if (since > 120 && grounded(a) && grounded(b) && body.y[b] < 10) next('walk-over');
    } else if (phase === 'walk-over') {
      // Over the trapdoor one at a time (it holds one walker), stepping down to the lower ledge.
      p1 = toward(a, STOPS.well + 1.5);
      p2 = body.x[a] > 37 ? toward(b, STOPS.well) : toward(b, 31);
      if (standsAt(a, STOPS.well + 1.5) && standsAt(b, STOPS.well)) next('span');
    } else if (phase === 'span') {
      // The first span: P1 over to the pillar, P2 waits; then P2 over.
      p1 = toward(a, STOPS.pillar[1]);
      p2 = toward(b, 41.4);
      if (standsAt(a, STOPS.pillar[1])) next('span-2');
    } else if (phase === 'span-2') {
      p2 = toward(b, STOPS.pillar[0]);
      if (standsAt(b, STOPS.pillar[0])) next('span-3');
    } else if (phase === 'span-3') {
      // The second span, the same way.
      p1 = toward(a, STOPS.last[1]);
      if (standsAt(a, STOPS.last[1])) next('span-4');
    } else if (phase === 'span-4') {
      p2 = toward(b, STOPS.last[0]);
      if (standsAt(b, STOPS.last[0])) next('plug');
    } else if (phase === 'plug') {
      // Both walk onto the plug: under the two of them its ropes snap.
      p1 = toward(a, PLUG_X + 0.8);
      p2 = toward(b, PLUG_X - 0.8);
      if (body.y[a] > 15 && body.y[b] > 15) next('cave');
    } else {
      p1 = grounded(a) ? toward(a, 79) : 0;
      p2 = grounded(b) ? toward(b, 77.5) : 0;
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
export const play = (world: SimWorld, onTick: () => void): void => { playFrayedCrossing(world, onTick); };

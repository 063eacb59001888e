// Level "Rappel" (levels/02-rappel.json): the way on is a tunnel under the plateau's overhang, part
// way down a bottomless shaft. Falling or jumping off the edge cannot reach it; hanging on the rope
// below a partner anchored at the edge swings a player up through the tunnel mouth's planks. Then
// that player anchors on the planks, catches the partner's drop and hauls it into the tunnel.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';
import { Button, SimEvent, createSimWorld, step, playerEntity } from '../../src/sim';
import { EDGE_X, PLANKS, PLANK_Y, playRappel, type Phase } from '../../tools/bots/rappel';
import { eventsSince } from './levelChecks';

const FILE = 'levels/02-rappel.json';

function load() {
  const parsed = parseLevel(readFileSync(FILE, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed.def;
}

const fellOut = (events: Array<{ type: number }>) => events.some((e) => e.type === SimEvent.Died || e.type === SimEvent.Respawned);

describe('level: Rappel', () => {
  it('a scripted pair rappels: anchor at the edge, swing onto the planks, anchor there, catch the drop, haul', () => {
    const def = load();
    const world = createSimWorld(def);
    const [a, b] = world.queries.players.dense;
    const { body, player } = world;
    const phases: Phase[] = [];
    let p1HungBelowAnchor = 0; // deepest P1 hung below the anchored P2, m
    let p2HungBelowAnchor = 0; // deepest P2 hung below the anchored P1, m
    let p1PassedBelowPlanks = false;
    playRappel(world, (phase) => {
      if (phases[phases.length - 1] !== phase) phases.push(phase);
      if (player.isAnchored[b] && !player.isGrounded[a]) p1HungBelowAnchor = Math.max(p1HungBelowAnchor, body.y[a] - body.y[b]);
      if (player.isAnchored[a] && !player.isGrounded[b]) p2HungBelowAnchor = Math.max(p2HungBelowAnchor, body.y[b] - body.y[a]);
      if (phase === 'rappel' && body.y[a] - 0.7 > PLANK_Y) p1PassedBelowPlanks = true;
    });
    const events = eventsSince(world, 0);
    expect(world.completedTick).toBeGreaterThan(0);
    expect(world.completedTick).toBeLessThan(60 * 20);
    expect(phases).toEqual(['walk', 'rappel', 'anchor', 'drop', 'haul', 'goal']);
    expect(fellOut(events)).toBe(false);
    // P1 hung the rope's length below P2 (anchored at the edge), under the planks, before landing on them.
    expect(p1HungBelowAnchor).toBeGreaterThan(7);
    expect(p1HungBelowAnchor).toBeLessThan(world.tetherLength + 0.1);
    expect(p1PassedBelowPlanks).toBe(true);
    // P2 dropped off the edge and hung well below P1 (anchored on the planks), then was hauled up
    // and pulled itself over the tunnel's lip.
    expect(p2HungBelowAnchor).toBeGreaterThan(6);
    expect(events.some((e) => e.type === SimEvent.LedgeClimbed && e.slot === 1)).toBe(true);
    const g = load().goal;
    for (const e of world.queries.players.dense) {
      expect(body.x[e]).toBeGreaterThan(g.x);
      expect(body.x[e]).toBeLessThan(g.x + g.w);
      expect(body.y[e]).toBeGreaterThan(g.y);
    }
  });

  it('no fall or jump off the edge reaches the planks or the tunnel without the rope', () => {
    // A tether far longer than the shaft is deep, P2 far back: only P1's own movement counts.
    // (80 m: the rope runs along the plateau and bends over its edge, 28 m of it before the drop.)
    const def = load();
    let closest = Infinity; // the smallest x P1's centre reached with its feet at most 1.4 m below the planks
    let tries = 0;
    let fell = 0; // tries that went down the shaft (the rest turned back onto the plateau)
    for (const jumpAt of [null, 29.2, 29.8, 30.2, 30.6]) {
      for (let turn = 0; turn <= 40; turn += 4) {
        for (const startX of [20, 29.9]) {
          const world = createSimWorld({ ...def, tether: { length: 80, segments: 16 }, spawns: [{ x: startX, y: 8 }, { x: 2, y: 8 }] });
          const a = playerEntity(world, 0);
          const { body } = world;
          let passedAt = -1;
          tries++;
          for (let t = 0; t < 200; t++) {
            const x = body.x[a];
            if (passedAt < 0 && x > EDGE_X + 0.35) passedAt = t;
            // Run right (from a run-up or a standstill at the edge), maybe jump, then turn back left.
            const left = passedAt >= 0 && t - passedAt >= turn;
            const jump = jumpAt !== null && x >= jumpAt && (passedAt < 0 || t - passedAt < 20) ? Button.Jump : 0;
            step(world, [(left ? Button.Left : Button.Right) | jump, 0]);
            const feet = body.y[a] + 0.7;
            if (feet > 8.5 && feet < PLANK_Y + 1.4) closest = Math.min(closest, body.x[a]);
          }
          if (fellOut(eventsSince(world, 0)) || body.y[a] > 25) fell++;
          else expect(body.y[a] < 8 && world.player.isGrounded[a] === 1, 'back on the plateau').toBe(true);
        }
      }
    }
    expect(tries).toBe(5 * 11 * 2);
    expect(fell).toBeGreaterThan(tries * 0.6); // about three in four go over
    // Standing on the planks needs x < 26.35 at their height; the best fall gets under the overhang
    // only to x = 29.56, 3 m short.
    expect(closest).toBeGreaterThan(PLANKS[1] + 1.5);
  });

  it('the planks are reachable on the rope only: P1 standing on them is within reach of P2 at the edge', () => {
    // Where P1 anchors (near the planks' end) P2 can still step off the edge; farther in, it cannot.
    const def = load();
    const L = def.tether.length;
    const edge = { x: EDGE_X + 0.35, y: 8 - 0.7 };
    const dist = (x: number) => Math.hypot(edge.x - x, edge.y - (PLANK_Y - 0.7));
    expect(dist(PLANKS[1] - 0.5)).toBeLessThan(L - 0.5);
    expect(dist(PLANKS[0] + 0.5)).toBeGreaterThan(L);
  });

  it('walking off the edge while the partner only stands there pulls the partner off too', () => {
    const def = load();
    const world = createSimWorld(def);
    const [a, b] = world.queries.players.dense;
    const { body } = world;
    let restarted = false;
    for (let t = 0; t < 600 && !restarted; t++) {
      const rock = (x: number) => (x > 8.6 && x < 9.6 ? Button.Jump : 0); // hop the rock at x = 10..13
      const p2 = body.x[b] < 29.4 ? Button.Right | rock(body.x[b]) : 0;
      // P1 walks off once P2 stands at the edge, then tries to swing back under the overhang.
      const p1 = body.x[a] < EDGE_X - 0.6 || body.x[b] >= 29.3 ? (body.y[a] > 12 ? Button.Left : Button.Right | rock(body.x[a])) : 0;
      step(world, [p1, p2]);
      restarted = fellOut(eventsSince(world, 0));
    }
    expect(restarted).toBe(true);
  });
});

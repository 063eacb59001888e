// In-level teaching: the `hints` of a level file (checked with precise messages, kept out of the
// sim and the replays' level hash), the verbs a visit has done, read from sim state and events
// (verbTracker.ts) on scripted play of the campaign levels, and the prompt those give.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTeaching, hintsOfLevelText, promptFor, MAX_PROMPT_LINES } from '../../src/app/teaching';
import { createVerbTracker } from '../../src/app/verbTracker';
import { DEFAULT_KEYS, rebindKey } from '../../src/input/keyboard';
import type { HintVerb, LevelHint } from '../../src/level/levelSchema';
import { parseLevel } from '../../src/level/parseLevel';
import { levelContentHash } from '../../src/level/replay';
import { Button, createSimWorld, playerEntity, step, type SimWorld } from '../../src/sim';
import { noteLineHtml, promptLineHtml } from '../../src/ui/teachingText';
import { PIT } from '../../tools/bots/tied-together';
import { labDef } from '../../tools/scenarios/worlds';
import { SimEvent, readEvents, boxEntity } from '../../src/sim';

const LEVEL_1 = readFileSync('levels/01-tied-together.json', 'utf8');

/** Level 1's text with `hints` set to `hints` (undefined: none). */
function withHints(hints: unknown, text = LEVEL_1): string {
  const json = JSON.parse(text) as Record<string, unknown>;
  if (hints === undefined) delete json.hints;
  else json.hints = hints;
  return JSON.stringify(json, null, 2);
}

const hint = (over: Partial<LevelHint> = {}): LevelHint => ({ id: 'h1', verb: 'anchor', x: 1, y: 8, w: 6, h: 6, ...over });

function errorsOf(text: string): string[] {
  const parsed = parseLevel(text);
  return parsed.ok ? [] : parsed.errors;
}

function worldOf(text: string): SimWorld {
  const parsed = parseLevel(text);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return createSimWorld(parsed.def);
}

describe('level files: hints', () => {
  it('are read, and change neither the world nor the level hash the replays check', () => {
    const parsed = parseLevel(withHints([hint(), hint({ id: 'h2', verb: 'ride' })]));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.level.hints?.map((h) => h.verb)).toEqual(['anchor', 'ride']);
    const bare = parseLevel(withHints(undefined));
    expect(bare.ok && JSON.stringify(bare.def)).toBe(JSON.stringify(parsed.def));
    expect(levelContentHash(withHints([hint()]))).toBe(levelContentHash(withHints(undefined)));
    // ...while any other change still does.
    expect(levelContentHash(withHints(undefined).replace('"Tied Together"', '"Tied"'))).not.toBe(levelContentHash(withHints(undefined)));
  });

  it('are refused with messages that name the path, the hint and the rule', () => {
    expect(errorsOf(withHints([hint({ verb: 'fly' as HintVerb })]))).toEqual([
      `$.hints[0].verb: 'h1': must be one of "walk", "jump", "anchor", "swing", "pump", "rappel", "haul", "climb", "bump", "ride"`,
    ]);
    expect(errorsOf(withHints([{ ...hint(), text: 'Press F' }]))).toEqual(["$.hints[0].text: 'h1': unknown field (check its spelling)"]);
    expect(errorsOf(withHints([hint({ w: 0.1 })]))).toEqual(["$.hints[0].w: 'h1': must be at least 0.5"]);
    const { x: _, ...noX } = hint();
    expect(errorsOf(withHints([noX]))).toEqual(["$.hints[0].x: 'h1': is required but missing"]);
    expect(errorsOf(withHints([hint({ x: 80, w: 5 })]))).toEqual([
      "$.hints[0]: hint 'h1' reaches outside the grid (82 x 20 tiles); keep x + w <= 82 and y + h <= 20",
    ]);
    expect(errorsOf(withHints([hint(), hint()]))).toEqual([
      "$.hints[1]: id 'h1' is used more than once (first at $.hints[0]); every entity needs its own id",
    ]);
    expect(errorsOf(withHints(Array.from({ length: 65 }, (_, i) => hint({ id: `h${i}` })))))
      .toEqual(['$.hints: may list at most 64 hints']);
    // A version 1 file predates hints: the message says which version has them.
    const v1Json = JSON.parse(withHints([hint()]).replace('"version": 2', '"version": 1')) as Record<string, unknown>;
    delete v1Json.checkpoints; // also version 2 only
    delete v1Json.world; // also version 2 only
    delete v1Json.gems; // also version 2 only
    const v1 = JSON.stringify(v1Json);
    expect(errorsOf(v1)).toEqual(['$.hints: unknown field (check its spelling) (it needs "version": 2)']);
  });

  it('hintsOfLevelText gives the hints of a level, and none (never a throw) for broken text', () => {
    expect(hintsOfLevelText(withHints([hint()]))).toEqual([hint()]);
    expect(hintsOfLevelText(withHints(undefined))).toEqual([]);
    expect(hintsOfLevelText('{ nope')).toEqual([]);
    expect(hintsOfLevelText('null')).toEqual([]);
    expect(hintsOfLevelText(withHints([{ id: 'x', verb: 'jump' }]))).toEqual([]);
  });

  it('every campaign hint lies on its level and names a verb; level 1 teaches walk, jump, anchor, haul and climb', () => {
    const verbsOf = (file: string) => hintsOfLevelText(readFileSync(`levels/${file}.json`, 'utf8')).map((h) => h.verb);
    expect(verbsOf('01-tied-together')).toEqual(['walk', 'jump', 'anchor', 'haul', 'climb', 'climb']); // climb: out of the pit, up the wall
    expect(verbsOf('02-rappel')).toEqual(expect.arrayContaining(['rappel', 'swing']));
    expect(verbsOf('09-crate-gates')).toEqual(['bump']);
    expect(verbsOf('18-sky-ferry')).toEqual(['ride']);
  });
});

/** Steps `world` with `masks(t)` for `ticks` ticks, the tracker looking after each. */
function run(world: SimWorld, tracker: ReturnType<typeof createVerbTracker>, ticks: number, masks: (t: number) => [number, number]): void {
  for (let t = 0; t < ticks; t++) {
    step(world, masks(t));
    tracker.afterTick(world);
  }
}

/** Plays a campaign level with its bot, the tracker looking after every tick; the first tick of each verb. */
async function playedVerbs(file: string): Promise<{ first: Map<HintVerb, number>; phases: Map<HintVerb, string>; entered: Map<string, number> }> {
  const text = readFileSync(`levels/${file}.json`, 'utf8');
  const world = worldOf(text);
  const hints = hintsOfLevelText(text);
  /** Per hint id: the first tick a player's centre was inside it (where the prompt shows). */
  const entered = new Map<string, number>();
  const bot = (await import(`../../tools/bots/${file.replace(/^\d+-/, '')}.ts`)) as { play(w: SimWorld, onTick: (phase?: string) => void): void };
  const tracker = createVerbTracker();
  const first = new Map<HintVerb, number>();
  const phases = new Map<HintVerb, string>();
  bot.play(world, (phase?: string) => {
    tracker.afterTick(world);
    for (const verb of tracker.done) {
      if (!first.has(verb)) { first.set(verb, world.tick); phases.set(verb, phase ?? ''); }
    }
    for (const h of hints) {
      for (let slot = 0; slot < 2 && !entered.has(h.id); slot++) {
        const e = playerEntity(world, slot);
        const x = world.body.x[e];
        const y = world.body.y[e];
        if (x >= h.x && x <= h.x + h.w && y >= h.y && y <= h.y + h.h) entered.set(h.id, world.tick);
      }
    }
  });
  expect(world.completedTick).toBeGreaterThan(0);
  return { first, phases, entered };
}

describe('verbs done, read from the sim', () => {
  it('standing still does nothing; walking, jumping and anchoring on level 1 are each seen', () => {
    const world = worldOf(LEVEL_1);
    const tracker = createVerbTracker();
    run(world, tracker, 60, () => [0, 0]);
    expect([...tracker.done]).toEqual([]);
    run(world, tracker, 30, () => [Button.Right, Button.Right]);
    expect([...tracker.done]).toEqual(['walk']);
    run(world, tracker, 20, () => [0, 0]);
    run(world, tracker, 5, () => [Button.Jump, 0]);
    expect(tracker.done.has('jump')).toBe(true);
    run(world, tracker, 60, () => [0, 0]);
    expect(tracker.done.has('anchor')).toBe(false);
    run(world, tracker, 3, () => [0, Button.Anchor]);
    expect([...tracker.done].sort()).toEqual(['anchor', 'jump', 'walk']);
  });

  it('level 1: a partner caught in the pit and hauled out by the other walking away is a haul (hanging there is not)', () => {
    const world = worldOf(LEVEL_1);
    const tracker = createVerbTracker();
    const a = playerEntity(world, 0);
    const b = playerEntity(world, 1);
    const { body, player } = world;
    // Both walk to the pit (hopping the step), P1 jumps across and stands.
    const hop = (x: number) => (x > 7.4 && x < 8.3 ? Button.Jump : 0);
    for (let t = 0; t < 600; t++) {
      const p1 = body.x[a] < 19.3 ? Button.Right | (player.isGrounded[a] ? hop(body.x[a]) : Button.Jump) : 0;
      const p2 = body.x[b] < 18.8 ? Button.Right | (player.isGrounded[b] ? hop(body.x[b]) : Button.Jump) : 0;
      step(world, [p1, p2]);
      tracker.afterTick(world);
      if (p1 === 0 && p2 === 0 && player.isGrounded[a] && player.isGrounded[b] && Math.abs(body.vx[a]) < 1e-3) break;
    }
    run(world, tracker, 120, (t) => [body.x[a] < PIT[1] + 0.8 ? Button.Right | (t < 25 ? Button.Jump : 0) : 0, 0]);
    run(world, tracker, 30, () => [0, 0]);
    expect(body.x[a]).toBeGreaterThan(PIT[1]);
    // P1 anchors; P2 walks into the pit and hangs there: caught, not hauled.
    run(world, tracker, 240, () => [Button.Anchor, body.x[b] < PIT[0] + 1 && body.y[b] < 13 ? Button.Right : 0]);
    expect(body.y[b]).toBeGreaterThan(14);
    expect(tracker.done.has('haul')).toBe(false);
    // P1 lets go and walks away: P2 comes up the wall on the rope.
    for (let t = 0; t < 240 && !(player.isGrounded[b] && body.x[b] > PIT[1]); t++) run(world, tracker, 1, () => [Button.Right, Button.Right]);
    expect(body.x[b]).toBeGreaterThan(PIT[1]);
    expect(tracker.done.has('haul')).toBe(true);
  });

  it('Haul Away: a haul that slides back into the gap is not done yet (its prompt stays); hauled up onto the step, it is', () => {
    // A playtester's first haul: P1 jumped onto the first step, P2 hung in the gap, P1 walked away
    // and P2 rose, then P1 stopped and the pair slid back. The prompt had vanished at the first tug.
    const world = worldOf(readFileSync('levels/06-haul-away.json', 'utf8'));
    const tracker = createVerbTracker();
    const a = playerEntity(world, 0);
    const b = playerEntity(world, 1);
    const { body, player } = world;
    let jumped = false;
    // Both run right; P1 jumps from x 9 onto the step, P2 runs on into the gap and hangs.
    run(world, tracker, 105, () => {
      const jump = !jumped && body.x[a] >= 9;
      if (jump) jumped = true;
      return [Button.Right | (jump || (jumped && player.isJumping[a]) ? Button.Jump : 0), Button.Right];
    });
    expect(player.isGrounded[a]).toBe(1);
    expect(body.y[b]).toBeGreaterThan(body.y[a] + 3); // hanging in the gap, already tugged up a little
    // The 3 m step is above a jump's reach: P1's jump ended in a ledge climb (the climb prompt sits
    // in the gap, where the jumper and later the hauled one press into the step's face).
    expect(tracker.done.has('climb')).toBe(true);
    // P1 stops: the tether runs over the gap's edge like a rope over a pulley, and P2's weight
    // starts to drag P1 back toward the gap (with the rope through the stone P1 stood still and
    // P2 slid back). The haul is not done.
    const stoppedAt = body.x[a];
    run(world, tracker, 20, () => [0, 0]);
    expect(body.x[a]).toBeLessThan(stoppedAt - 0.02);
    expect(body.y[b]).toBeGreaterThan(body.y[a] + 3);
    expect(tracker.done.has('haul')).toBe(false);
    // P1 walks on, P2 pressing into the wall: P2 comes up over the edge and stands on the step.
    for (let t = 0; t < 240 && !(player.isGrounded[b] && body.y[b] < body.y[a] + 0.5); t++) run(world, tracker, 1, () => [Button.Right, Button.Right]);
    expect(player.isGrounded[b]).toBe(1);
    expect(tracker.done.has('haul')).toBe(true);
    expect(world.rules.deaths[0]).toBe(0);
  });

  it('level 2 (the rappel bot): anchor, rappel, swing and pump while hanging under the anchor; haul only in the haul phase', async () => {
    const { first, phases } = await playedVerbs('02-rappel');
    for (const verb of ['walk', 'anchor', 'rappel', 'swing', 'pump', 'haul'] as const) expect(first.has(verb), verb).toBe(true);
    expect(phases.get('rappel')).toBe('rappel');
    expect(phases.get('swing')).toBe('rappel');
    expect(phases.get('pump')).toBe('rappel');
    // The swing's upswing under an anchored partner is no haul: that waits for the partner to walk away.
    expect(phases.get('haul')).toBe('haul');
    expect(first.get('anchor')!).toBeLessThan(first.get('rappel')!);
  });

  it('bump: the crate-gates bot running into the hanging crate; ride: the sky-ferry bot on the ferry', async () => {
    const gates = await playedVerbs('09-crate-gates');
    expect(gates.phases.get('bump')).toBe('gate1');
    expect(gates.first.has('ride')).toBe(false); // no moving platforms there
    const ferry = await playedVerbs('18-sky-ferry');
    expect(['board', 'ride']).toContain(ferry.phases.get('ride')); // 30 ticks standing on the wide ferry
    expect(ferry.first.get('ride')!).toBeLessThan(ferry.first.get('anchor')!); // long before the sky ferry
    expect(ferry.first.has('bump')).toBe(false); // no crates there
  });

  it('every verb a campaign level teaches is done when its bot plays it (level 1 bot jumps the pit: no anchor, no haul)', async () => {
    for (const file of ['01-tied-together', '02-rappel', '09-crate-gates', '10-swing-yard', '18-sky-ferry']) {
      const { first } = await playedVerbs(file);
      const taught = hintsOfLevelText(readFileSync(`levels/${file}.json`, 'utf8')).map((h) => h.verb);
      const expected = file === '01-tied-together' ? taught.filter((v) => v !== 'anchor' && v !== 'haul') : taught;
      for (const verb of expected) expect(first.has(verb), `${file}: ${verb}`).toBe(true);
    }
  });
});

describe('world 1 after the first levels (Over the Pits, Haul Away, The Broken Stair, The Ruins\' End): teaching where it is needed', () => {
  // Playtesters found no teaching in these levels. Each hint must lie on the way the level is
  // played (its bot walks into it) and be reached before its verb is first done, or it would
  // never show; and the bot must then do the verb, or the hint teaches something not needed.
  it.each(['05-over-the-pits', '06-haul-away', '07-broken-stair', '08-ruins-end'])('%s: each hint is entered before its verb is done, and the verb is done', async (file) => {
    const hints = hintsOfLevelText(readFileSync(`levels/${file}.json`, 'utf8'));
    expect(hints.length).toBeGreaterThanOrEqual(2);
    const { first, entered } = await playedVerbs(file);
    for (const h of hints) {
      expect(entered.has(h.id), `${file}: nobody enters ${h.id}`).toBe(true);
      expect(first.has(h.verb), `${file}: the bot never does ${h.verb}`).toBe(true);
      expect(entered.get(h.id)!, `${file}: ${h.id} is reached only after ${h.verb} was done`).toBeLessThanOrEqual(first.get(h.verb)!);
    }
  });
});

describe('The Long Way Down: teaching where its blind tester got stuck', () => {
  // A blind tester lowered the partner, then hung in the chasm unable to pump the swing onto the
  // lip (the level had no hints: "everything you learned"). Its hints: lower the partner (rappel),
  // climb onto the slab, hold with each swing in the chasm, walk away to haul at the lip. Same rule
  // as world 1's: each on the bot's way, entered before its verb is done, and the verb done.
  it('each hint is entered before its verb is done, and the verb is done', async () => {
    const hints = hintsOfLevelText(readFileSync('levels/24-finale.json', 'utf8'));
    expect(hints.map((h) => h.verb).sort()).toEqual(['climb', 'haul', 'pump', 'rappel']);
    const { first, entered } = await playedVerbs('24-finale');
    for (const h of hints) {
      expect(entered.has(h.id), `nobody enters ${h.id}`).toBe(true);
      expect(first.has(h.verb), `the bot never does ${h.verb}`).toBe(true);
      expect(entered.get(h.id)!, `${h.id} is reached only after ${h.verb} was done`).toBeLessThanOrEqual(first.get(h.verb)!);
    }
  });
});

describe('verbs that look alike to the sim', () => {
  /** A 40 x 24 room, floor surface at y = 22, with a 4 m wide, 1 m tall crate on it at x 4..8; the
   *  players' feet at the given points (both start in the air above it when y < 21). */
  function crateRoom(p1: { x: number; y: number }, p2: { x: number; y: number }): SimWorld {
    const def = labDef({ boxes: [{ x: 6, y: 21.5, w: 4, h: 1, mass: 200 }] });
    return createSimWorld({ ...def, spawns: [p1, p2] });
  }
  /** Steps `ticks` ticks with `masks`, feeding the tracker; counts the sim's Bumped events. */
  function runCounting(world: SimWorld, tracker: ReturnType<typeof createVerbTracker>, ticks: number, masks: (t: number) => [number, number]): number {
    let bumps = 0;
    let cursor = world.events.count;
    for (let t = 0; t < ticks; t++) {
      step(world, masks(t));
      tracker.afterTick(world);
      cursor = readEvents(world.events, cursor, (type) => { if (type === SimEvent.Bumped) bumps++; });
    }
    return bumps;
  }

  it('landing hard on a crate is a bump to the sim but not the bump verb; running into it is', () => {
    // Both dropped 4 m onto the crate's top: they hit it at ~17 m/s, far over the bump speed.
    const world = crateRoom({ x: 5, y: 17 }, { x: 6.5, y: 17 });
    const tracker = createVerbTracker();
    const landingBumps = runCounting(world, tracker, 90, () => [0, 0]);
    expect(landingBumps).toBeGreaterThan(0); // the scenario does exercise the sim's bump
    const a = playerEntity(world, 0);
    expect(world.player.groundBox[a]).toBe(boxEntity(world, 0)); // standing on the crate
    expect(tracker.done.has('bump')).toBe(false);
    // Off the crate to the left, then back at it running: a bump.
    const backs = runCounting(world, tracker, 120, () => [Button.Left, Button.Left]);
    expect(backs).toBe(0);
    const runs = runCounting(world, tracker, 90, () => [Button.Right, 0]);
    expect(runs).toBeGreaterThan(0);
    expect(tracker.done.has('bump')).toBe(true);
  });
});

describe('the prompt', () => {
  it('shows the hints a player stands in until their verb is done, at most two lines, above the players', () => {
    const world = worldOf(LEVEL_1);
    const hints = [hint({ id: 'a', verb: 'anchor' }), hint({ id: 'j', verb: 'jump' }), hint({ id: 'w', verb: 'walk' }), hint({ id: 'far', verb: 'ride', x: 60 })];
    const prompt = promptFor(world, hints, new Set());
    expect(prompt?.verbs).toEqual(['walk', 'jump']);
    expect(prompt!.verbs.length).toBe(MAX_PROMPT_LINES);
    const [a, b] = [playerEntity(world, 0), playerEntity(world, 1)];
    expect(prompt!.x).toBeCloseTo((world.body.x[a] + world.body.x[b]) / 2, 9);
    expect(prompt!.y).toBeLessThan(world.body.y[a] - world.body.halfH[a]);
    expect(promptFor(world, hints, new Set<HintVerb>(['walk', 'jump']))?.verbs).toEqual(['anchor']);
    expect(promptFor(world, hints, new Set<HintVerb>(['walk', 'jump', 'anchor']))).toBeNull();
  });

  it('a haul hint shows over a player in it only while the partner is outside it (someone to walk away)', () => {
    const world = worldOf(LEVEL_1);
    const [a, b] = [playerEntity(world, 0), playerEntity(world, 1)];
    const pit = hint({ id: 'pit', verb: 'haul', x: 20, y: 14, w: 4, h: 6 });
    const put = (e: number, x: number, y: number) => { world.body.x[e] = x; world.body.y[e] = y; };
    put(a, 22, 17); // P1 down in the pit, P2 still at its spawn
    expect(promptFor(world, [pit], new Set())?.verbs).toEqual(['haul']);
    put(b, 21, 16.5); // both in it
    expect(promptFor(world, [pit], new Set())).toBeNull();
    // Other verbs are shown to both: a climb hint over the same pit.
    expect(promptFor(world, [{ ...pit, id: 'c', verb: 'climb' }], new Set())?.verbs).toEqual(['climb']);
  });

  it('a done verb stays gone after a restart (a new world) but comes back on a new visit; paused shows nothing', () => {
    const text = withHints([hint({ verb: 'anchor' })]);
    const teaching = createTeaching();
    let world = worldOf(text);
    expect(teaching.prompt(text, world, true)?.verbs).toEqual(['anchor']);
    expect(teaching.prompt(text, world, false)).toBeNull();
    for (let t = 0; t < 3; t++) { step(world, [Button.Anchor, 0]); teaching.afterTick(world); }
    expect(teaching.prompt(text, world, true)).toBeNull();
    world = worldOf(text); // R: a fresh world of the same level
    step(world, [0, 0]);
    teaching.afterTick(world);
    expect(teaching.prompt(text, world, true)).toBeNull();
    teaching.prompt(null, null, false); // back to the menus
    expect(teaching.prompt(text, world, true)?.verbs).toEqual(['anchor']);
  });

  it('shows the current keys as key caps (remapped included), and pad buttons for a player on a pad', () => {
    const rebound = rebindKey(DEFAULT_KEYS, 0, 'anchor', 'KeyG');
    if (!rebound.ok) throw new Error(rebound.reason);
    const keyboard = promptLineHtml('anchor', [{ keys: rebound.keys[0], isPad: false }, { keys: rebound.keys[1], isPad: false }]);
    expect(keyboard).toBe('<span class="p1"><kbd>G</kbd></span><span class="or">/</span><span class="p2"><kbd>/</kbd></span> <span class="words">hold to anchor</span>');
    const pad = promptLineHtml('jump', [{ keys: DEFAULT_KEYS[0], isPad: false }, { keys: DEFAULT_KEYS[1], isPad: true }]);
    expect(pad).toContain('<span class="p1"><kbd>W</kbd></span>');
    expect(pad).toContain('<span class="p2"><kbd class="pad">A</kbd></span>');
    const walk = promptLineHtml('walk', [{ keys: DEFAULT_KEYS[0], isPad: false }, { keys: DEFAULT_KEYS[1], isPad: false }]);
    expect(walk).toContain('<kbd>A</kbd><kbd>D</kbd>');
    expect(walk).toContain('<kbd>←</kbd><kbd>→</kbd>');
    // Key labels come from stored settings: escaped, never HTML.
    const odd = { ...DEFAULT_KEYS[0], jump: ['<b>'] };
    expect(promptLineHtml('jump', [{ keys: odd, isPad: false }, { keys: DEFAULT_KEYS[1], isPad: false }])).toContain('<kbd>&lt;b&gt;</kbd>');
  });
});

describe('notes: what the game refused', () => {
  /** Level 1 without hints, P1 standing on a free crate by the start. */
  function crateLevel(): string {
    const json = JSON.parse(withHints(undefined)) as Record<string, unknown>;
    json.spawns = [{ id: 'p1-start', player: 1, x: 4.5, y: 12.9 }, { id: 'p2-start', player: 2, x: 2.5, y: 14 }];
    json.boxes = [{ id: 'crate', x: 4.5, y: 13.5, w: 1.2, h: 1, mass: 40 }];
    return JSON.stringify(json, null, 2);
  }

  it('the anchor key held on a crate (which does not anchor) shows a note over that player, up ~1 s after it is let go; on stone it anchors, no note', () => {
    const text = crateLevel();
    const world = worldOf(text);
    const teaching = createTeaching();
    const a = playerEntity(world, 0);
    const b = playerEntity(world, 1);
    const play = (ticks: number, masks: [number, number]) => {
      for (let t = 0; t < ticks; t++) { step(world, masks); teaching.afterTick(world); }
    };
    play(20, [0, 0]); // settle on the crate
    expect(world.player.isGrounded[a]).toBe(1);
    expect(world.player.groundBox[a]).toBe(boxEntity(world, 0));
    expect(teaching.prompt(text, world, true)).toBeNull(); // no hints, nothing refused

    play(5, [Button.Anchor, 0]);
    expect(world.player.isAnchored[a]).toBe(0);
    const shown = teaching.prompt(text, world, true)!;
    expect(shown.notes).toEqual(['anchorOnCrate']);
    expect(shown.verbs).toEqual([]);
    expect(shown.x).toBeCloseTo(world.body.x[a], 6); // over P1 only
    expect(shown.y).toBeLessThan(world.body.y[a] - world.body.halfH[a]);
    expect(teaching.prompt(text, world, false)).toBeNull(); // paused: nothing

    play(50, [0, 0]); // let go: still up for a moment
    expect(teaching.prompt(text, world, true)?.notes).toEqual(['anchorOnCrate']);
    play(20, [0, 0]);
    expect(teaching.prompt(text, world, true)).toBeNull();

    // P2 on stone anchors: no note.
    play(5, [0, Button.Anchor]);
    expect(world.player.isAnchored[b]).toBe(1);
    expect(teaching.prompt(text, world, true)).toBeNull();
  });

  it('a moving platform tearing an anchor loose shows a note over the torn player for ~2 s; letting go of the key shows none', () => {
    // Level 1 flattened: a floor at y 14, a beam at P1's chest sweeping it away from P2, who holds
    // anchor on a 4 m tether (the platform wins: P2's anchor is torn loose and P2 dragged).
    const json = JSON.parse(withHints(undefined)) as Record<string, unknown> & { tiles: string[] };
    json.tiles = json.tiles.map((row, i) => (i < 14 ? `#${'.'.repeat(row.length - 1)}` : '#'.repeat(row.length)));
    json.spawns = [{ id: 'p1-start', player: 1, x: 7, y: 14 }, { id: 'p2-start', player: 2, x: 3, y: 14 }];
    json.tether = { length: 4, segments: 16 };
    delete json.gems; // in the pit, now stone
    delete json.checkpoints;
    json.platforms = [{ id: 'beam', w: 1, h: 0.5, path: [[5, 13], [30, 13]], speed: 2.5 }];
    const text = JSON.stringify(json, null, 2);
    const world = worldOf(text);
    const teaching = createTeaching();
    const p2 = playerEntity(world, 1);
    let tornAt = -1;
    for (let t = 0; t < 240 && tornAt < 0; t++) {
      step(world, [0, Button.Anchor]);
      teaching.afterTick(world);
      if (teaching.prompt(text, world, true)?.notes.includes('anchorTorn')) tornAt = world.tick;
    }
    expect(tornAt).toBeGreaterThan(0);
    expect(world.player.isAnchored[p2]).toBe(0);
    const shown = teaching.prompt(text, world, true)!;
    expect(shown.notes).toEqual(['anchorTorn']);
    expect(shown.x).toBeCloseTo(world.body.x[p2], 6); // over P2, the one torn loose
    // Still up 1.9 s later (P2 keeps holding the key and is dragged), gone after 2 s.
    for (let t = 0; t < 114; t++) { step(world, [0, Button.Anchor]); teaching.afterTick(world); }
    expect(teaching.prompt(text, world, true)?.notes).toEqual(['anchorTorn']);
    for (let t = 0; t < 10; t++) { step(world, [0, 0]); teaching.afterTick(world); }
    expect(teaching.prompt(text, world, true)).toBeNull();

    // The same pair, P2 letting go of the key before the beam comes: Unanchored (let go), no note.
    const calm = worldOf(text);
    const quiet = createTeaching();
    let notes = 0;
    for (let t = 0; t < 240; t++) {
      step(calm, [0, t < 20 ? Button.Anchor : 0]);
      quiet.afterTick(calm);
      if (quiet.prompt(text, calm, true) !== null) notes++;
    }
    expect(notes).toBe(0);
  });

  it('a note is drawn like a verb line, with the anchor keys', () => {
    const html = noteLineHtml('anchorOnCrate', [{ keys: DEFAULT_KEYS[0], isPad: false }, { keys: DEFAULT_KEYS[1], isPad: false }]);
    expect(html).toBe('<span class="p1"><kbd>F</kbd></span><span class="or">/</span><span class="p2"><kbd>/</kbd></span> <span class="words">anchors hold on stone, not crates</span>');
  });
});

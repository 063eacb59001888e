// The designer's tools in the game (src/app/designerTools.ts and the modules it wires), driven
// through a small fake game that builds real sim worlds: F8 records a replay that verifies in Node,
// replay mode feeds the recorded masks and takes the same hashes as the replay file, dropped files
// load or are refused with messages, and a live save reloads only the level being played.
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createDesignerTools, playedFromEntry, type DesignerTools, type PlayedLevel } from '../../src/app/designerTools';
import { classifyDroppedFile, droppedBaseName } from '../../src/app/dropLevel';
import { createLevelCatalog } from '../../src/app/levelCatalog';
import { createReplayPlayer, findReplayText, readReplayRequest } from '../../src/app/replayMode';
import { simulateLevel } from '../../src/app/simulate';
import { parseLevel } from '../../src/level/parseLevel';
import { decodeInputs, formatReplay, parseReplay, recordReplay, verifyReplay, type ReplayFile } from '../../src/level/replay';
import { createSimWorld, hashHex, step, type SimWorld, type WorldDef } from '../../src/sim';

// Counts the sim's steps (the module is otherwise the real one): stopping a recording must not
// simulate the level again.
const simSteps = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/sim', async (importOriginal) => {
  const sim = await importOriginal<typeof import('../../src/sim')>();
  return { ...sim, step: (...args: Parameters<typeof sim.step>) => { simSteps.count++; sim.step(...args); } };
});

const FIRST_GAP = '../../levels/03-first-gap.json';
const SWING_YARD = '../../levels/10-swing-yard.json';
const firstGap = readFileSync('levels/03-first-gap.json', 'utf8');
const swingYard = readFileSync('levels/10-swing-yard.json', 'utf8');

/** The committed replay's inputs, re-recorded on today's sim (so these tests do not depend on
 *  the committed hashes being current; `npm run check-levels` checks those). */
function freshReplay(levelFile: string, levelText: string): ReplayFile {
  const committed = parseReplay(readFileSync(`levels/replays/${levelFile}.replay.json`, 'utf8'));
  if (!committed.ok) throw new Error(committed.errors.join('; '));
  return recordReplay(levelText, decodeInputs(committed.replay.inputs));
}

function withGoalX(text: string, x: number): string {
  const json = JSON.parse(text) as { goal: { x: number } };
  json.goal.x = x;
  return JSON.stringify(json, null, 2);
}

/** A game with no screen: one world, the tools, and what they asked the host to show. */
function fakeGame(levelPath = FIRST_GAP, levelText = firstGap) {
  const entry = createLevelCatalog({ [levelPath]: levelText })[0];
  const parsed = parseLevel(levelText);
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  const game = {
    level: playedFromEntry(entry, parsed) as PlayedLevel,
    def: parsed.def as WorldDef,
    world: createSimWorld(parsed.def) as SimWorld,
    loads: [] as Array<{ level: PlayedLevel; keepCamera: boolean }>,
    messages: { title: '', list: [] as string[] },
    label: null as string | null,
    downloads: [] as Array<{ name: string; text: string }>,
    catalogs: [] as string[][],
    keyboard: [0, 0],
    keyboardSamples: 0,
    tools: null as unknown as DesignerTools,
    /** Runs `ticks` game ticks as main.ts does. */
    run(ticks: number): void {
      const inputs = new Uint8Array(2);
      const keyboard = {
        sample: (out: Uint8Array) => {
          game.keyboardSamples++;
          out[0] = game.keyboard[0];
          out[1] = game.keyboard[1];
        },
      };
      for (let t = 0; t < ticks; t++) {
        for (let n = game.tools.stepsPerTick(); n > 0; n--) {
          game.tools.sample(keyboard, inputs);
          step(game.world, inputs);
          game.tools.afterStep(game.world);
        }
      }
    },
  };
  game.tools = createDesignerTools(new EventTarget() as unknown as Window, {
    current: () => game.level,
    load(level, def, opts) {
      game.level = level;
      game.def = def;
      game.world = createSimWorld(def);
      game.loads.push({ level, keepCamera: opts.keepCamera });
    },
    restart() {
      game.world = createSimWorld(game.def);
      game.tools.onRestart();
    },
    setMessages(title, list) {
      game.messages = { title, list: [...list] };
    },
    setStatusLabel(label) {
      game.label = label;
    },
    catalogChanged(catalog) {
      game.catalogs.push(catalog.map((e) => e.file));
    },
    download(name, text) {
      game.downloads.push({ name, text });
    },
  });
  return game;
}

describe('recording a replay (F8)', () => {
  it('restarts the level, records the masks fed to each tick, and offers a replay that verifies in Node', () => {
    const game = fakeGame();
    game.run(50);
    expect(game.world.tick).toBe(50);
    game.tools.toggleRecording();
    expect(game.world.tick).toBe(0); // the level restarted
    expect(game.tools.isRecording).toBe(true);
    expect(game.label).toBe('● REC');
    const fed: Array<[number, number]> = [];
    for (let t = 0; t < 150; t++) {
      game.keyboard = t < 40 ? [2, 2] : t < 60 ? [6, 0] : [1, 16];
      fed.push([game.keyboard[0], game.keyboard[1]]);
      game.run(1);
    }
    game.tools.toggleRecording();
    expect(game.tools.isRecording).toBe(false);
    expect(game.label).toBeNull();
    expect(game.downloads.map((d) => d.name)).toEqual(['03-first-gap.replay.json']);
    const parsed = parseReplay(game.downloads[0].text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.replay.ticks).toBe(150);
    expect(decodeInputs(parsed.replay.inputs)).toEqual(fed);
    expect(verifyReplay(firstGap, parsed.replay).ok).toBe(true);
    const flat = fed.flat();
    expect(parsed.replay.hashes).toEqual(simulateLevel(firstGap, flat, 150).hashes);
    // Without the hashes along the way (what npm run budgets measures the steps' allocation with),
    // the same game: the same last hash.
    const plain = simulateLevel(firstGap, flat, 150, 0);
    expect(plain.hashes).toEqual([]);
    expect(plain.hash).toBe(simulateLevel(firstGap, flat, 150).hash);
    expect(simulateLevel(firstGap, flat, 150).hashes).toHaveLength(2);
    expect(game.tools.lastReplay()?.text).toBe(game.downloads[0].text);
    expect(game.tools.lastReplay()?.liveHashes).toEqual(parsed.replay.hashes); // the played world's own hashes
    expect(game.messages.list).toEqual([]);
  });

  it('stopping a long recording steps no sim: the replay takes the played world\'s hashes, and verifies in Node', () => {
    // Bug: F8's stop re-ran the whole recording on the main thread (0.9 s for the finale's
    // 2,404 ticks, 7.75 s for 185 ticks of a heavy level) and the page froze meanwhile.
    const finale = readFileSync('levels/24-finale.json', 'utf8');
    const game = fakeGame('../../levels/24-finale.json', finale);
    const committed = parseReplay(readFileSync('levels/replays/24-finale.replay.json', 'utf8'));
    if (!committed.ok) throw new Error(committed.errors.join('; '));
    const plan = decodeInputs(committed.replay.inputs).slice(0, 1200);
    game.tools.toggleRecording();
    const liveHashes: string[] = [];
    const beforePlay = simSteps.count;
    for (const masks of plan) {
      game.keyboard = masks;
      game.run(1);
      if (game.world.tick % 60 === 0) liveHashes.push(hashHex(game.world));
    }
    // The counter sees the game's steps (the mock reaches the modules the game imports; with the
    // unit project's shared module graph, isolate: false, that is not a given).
    expect(simSteps.count - beforePlay).toBeGreaterThanOrEqual(plan.length);
    const before = simSteps.count;
    game.tools.toggleRecording();
    expect(simSteps.count - before).toBe(0);
    const parsed = parseReplay(game.downloads[0].text);
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    expect(parsed.replay.ticks).toBe(1200);
    expect(parsed.replay.hashes).toEqual(liveHashes);
    expect(parsed.replay.completedTick).toBeNull();
    expect(verifyReplay(finale, parsed.replay)).toMatchObject({ ok: true, firstMismatchTick: null });
  }, 30_000);

  it('R while recording starts the recording over from tick 0', () => {
    const game = fakeGame();
    game.tools.toggleRecording();
    game.keyboard = [2, 0];
    game.run(70);
    game.tools.onRestart();
    game.world = createSimWorld(game.def);
    game.keyboard = [0, 2];
    game.run(61);
    game.tools.toggleRecording();
    const parsed = parseReplay(game.downloads[0].text);
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    expect(parsed.replay.ticks).toBe(61);
    expect(parsed.replay.inputs).toEqual([[61, 0, 2]]);
  });

  it('stops by itself when the level is completed; the replay ends on the completing tick', () => {
    const game = fakeGame();
    const plan = decodeInputs(freshReplay('03-first-gap', firstGap).inputs);
    game.tools.toggleRecording();
    for (let t = 0; t < plan.length + 100 && game.tools.isRecording; t++) {
      game.keyboard = plan[Math.min(t, plan.length - 1)];
      game.run(1);
    }
    expect(game.tools.isRecording).toBe(false);
    expect(game.world.completedTick).toBeGreaterThan(0);
    const parsed = parseReplay(game.downloads[0].text);
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    expect(parsed.replay.completedTick).toBe(game.world.completedTick);
    expect(parsed.replay.ticks).toBe(game.world.completedTick + 1);
    expect(verifyReplay(firstGap, parsed.replay)).toMatchObject({ ok: true, completedTick: game.world.completedTick });
  });

  it('another level started during a recording (from the menus) cancels it; nothing is downloaded', () => {
    const game = fakeGame();
    game.tools.toggleRecording();
    game.run(30);
    const parsed = parseLevel(swingYard);
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    game.level = playedFromEntry(createLevelCatalog({ [SWING_YARD]: swingYard })[0], parsed);
    game.def = parsed.def;
    game.world = createSimWorld(parsed.def);
    game.tools.onRestart();
    expect(game.tools.isRecording).toBe(false);
    expect(game.downloads).toEqual([]);
    expect(game.messages.list.join(' ')).toMatch(/nothing was saved/);
  });

  it('a level loaded during the recording cancels it, with a message, and nothing is downloaded', () => {
    const game = fakeGame();
    game.tools.toggleRecording();
    game.run(30);
    game.tools.openFile(classifyDroppedFile('other.json', swingYard));
    expect(game.tools.isRecording).toBe(false);
    expect(game.messages.list.join(' ')).toMatch(/nothing was saved/);
    expect(game.downloads).toEqual([]);
    expect(game.label).toBeNull();
  });
});

describe('replay mode', () => {
  it('reads ?replay, replay=1 and speed from the URL', () => {
    expect(readReplayRequest('?level=2&replay')).toEqual({ isReplay: true, speed: 1 });
    expect(readReplayRequest('?replay=1&speed=4')).toEqual({ isReplay: true, speed: 4 });
    expect(readReplayRequest('?replay=0')).toEqual({ isReplay: false, speed: 1 });
    expect(readReplayRequest('?level=2')).toEqual({ isReplay: false, speed: 1 });
    expect(readReplayRequest('?replay&speed=1000').speed).toBe(32);
    expect(readReplayRequest('?replay&speed=abc').speed).toBe(1);
  });

  it('finds a level file\'s replay by its base name', () => {
    const texts = { '../../levels/replays/03-first-gap.replay.json': 'A', '../../levels/replays/10-swing-yard.replay.json': 'B' };
    expect(findReplayText(texts, '10-swing-yard.json')).toBe('B');
    expect(findReplayText(texts, '07-nope.json')).toBeNull();
  });

  it('feeds the run-length masks tick by tick and takes the replay file\'s hashes', () => {
    const replay = freshReplay('10-swing-yard', swingYard);
    const player = createReplayPlayer(replay);
    const world = createSimWorld((parseLevel(swingYard) as { def: WorldDef }).def);
    const fed: number[] = [];
    const out = new Uint8Array(2);
    while (player.sample(out)) {
      fed.push(out[0], out[1]);
      step(world, out);
      player.afterStep(world);
    }
    expect(fed.length / 2).toBe(replay.ticks);
    expect(decodeInputs(replay.inputs).flat()).toEqual(fed);
    const status = player.status();
    expect(status).toMatchObject({ isDone: true, tick: replay.ticks, firstMismatchTick: null, completedTick: replay.completedTick });
    expect(status.hashes).toEqual(replay.hashes);
  });

  it('?replay plays the level\'s replay instead of the keyboard, at the asked speed, to the recorded completion', () => {
    const game = fakeGame(SWING_YARD, swingYard);
    const replay = freshReplay('10-swing-yard', swingYard);
    game.tools.levelFilesChanged({ [SWING_YARD]: swingYard }, { '../../levels/replays/10-swing-yard.replay.json': formatReplay(replay) });
    game.tools.startFromUrl('?level=swing-yard&replay&speed=4');
    expect(game.label).toBe('▶ REPLAY ×4');
    expect(game.messages.list).toEqual([]);
    game.keyboard = [1, 1]; // ignored while the replay plays
    expect(game.tools.stepsPerTick()).toBe(4);
    game.run(1);
    expect(game.tools.isReplaying).toBe(true);
    expect(game.world.tick).toBe(4);
    game.run(Math.ceil(replay.ticks / 4) - 1);
    const status = game.tools.replayStatus();
    expect(status?.isDone).toBe(true);
    expect(status?.hashes).toEqual(replay.hashes);
    expect(status?.firstMismatchTick).toBeNull();
    expect(game.world.completedTick).toBe(replay.completedTick);
    expect(game.label).toBeNull(); // over: the keyboard plays again
    expect(game.tools.stepsPerTick()).toBe(1);
    game.run(1);
    expect(game.tools.isReplaying).toBe(false);
  });

  it('another level started from the menus plays from the keyboard, not from the replay of the first', () => {
    const game = fakeGame(SWING_YARD, swingYard);
    const replay = freshReplay('10-swing-yard', swingYard);
    game.tools.levelFilesChanged({ [SWING_YARD]: swingYard }, { '../../levels/replays/10-swing-yard.replay.json': formatReplay(replay) });
    game.tools.startFromUrl('?level=swing-yard&replay');
    game.run(10);
    expect(game.tools.isReplaying).toBe(true);
    // Quit to the title, pick The First Gap: the game starts it and tells the tools (main.ts startAttempt).
    const parsed = parseLevel(firstGap);
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    game.level = playedFromEntry(createLevelCatalog({ [FIRST_GAP]: firstGap })[0], parsed);
    game.def = parsed.def;
    game.world = createSimWorld(parsed.def);
    game.tools.onRestart();
    game.keyboard = [1, 0];
    game.run(1);
    expect(game.tools.isReplaying).toBe(false);
    expect(game.tools.replayStatus()).toBeNull();
    expect(game.label).toBeNull();
    // The same level started again keeps its replay (R, or Quit and back to it).
    const again = fakeGame(SWING_YARD, swingYard);
    again.tools.levelFilesChanged({ [SWING_YARD]: swingYard }, { '../../levels/replays/10-swing-yard.replay.json': formatReplay(replay) });
    again.tools.startFromUrl('?level=swing-yard&replay');
    again.run(10);
    again.world = createSimWorld(again.def);
    again.tools.onRestart();
    again.run(1);
    expect(again.tools.isReplaying).toBe(true);
    expect(again.world.tick).toBe(1);
  });

  it('a replay recorded on an older version of the level plays with a warning, and says where it parts', () => {
    const game = fakeGame();
    const replay = freshReplay('03-first-gap', firstGap);
    const stale = { ...replay, hashes: replay.hashes.map((h, k) => (k === 2 ? '00000000' : h)), levelHash: '12345678' };
    game.tools.levelFilesChanged({ [FIRST_GAP]: firstGap }, { '../../levels/replays/03-first-gap.replay.json': formatReplay(stale) });
    game.tools.startFromUrl('?replay');
    expect(game.messages.list.join(' ')).toMatch(/the level changed since the replay was recorded/);
    game.run(200);
    expect(game.tools.replayStatus()?.firstMismatchTick).toBe(180);
  });

  it('?level=99999&replay: the app plays level 1 and says there is no such level; level 1\'s replay does not play over that', () => {
    // The bug: level 1's replay played, and its "Replay ..." message replaced the app's "There is no level '99999'".
    const game = fakeGame();
    game.tools.levelFilesChanged({ [FIRST_GAP]: firstGap }, { '../../levels/replays/03-first-gap.replay.json': formatReplay(freshReplay('03-first-gap', firstGap)) });
    game.messages = { title: "There is no level '99999'; playing level 3 instead. The levels are:", list: ['?level=3 or ?level=first-gap · The First Gap'] };
    game.tools.startFromUrl('?level=99999&replay');
    expect(game.tools.replayStatus()).toBeNull();
    expect(game.label).toBeNull();
    expect(game.messages.title).toMatch(/^There is no level '99999'/);
    game.keyboard = [2, 2];
    game.run(10);
    expect(game.tools.isReplaying).toBe(false);
    // The level's own number, slug and id still start its replay.
    for (const query of ['3', '03', 'first-gap', 'FIRST-GAP']) {
      const named = fakeGame();
      named.tools.levelFilesChanged({ [FIRST_GAP]: firstGap }, { '../../levels/replays/03-first-gap.replay.json': formatReplay(freshReplay('03-first-gap', firstGap)) });
      named.tools.startFromUrl(`?level=${query}&replay`);
      expect(named.tools.replayStatus(), query).not.toBeNull();
    }
  });

  it('a level without a replay says so and plays normally from the keyboard', () => {
    const game = fakeGame();
    game.tools.levelFilesChanged({ [FIRST_GAP]: firstGap }, {});
    game.tools.startFromUrl('?level=first-gap&replay');
    expect(game.messages.title).toMatch(/There is no replay for 03-first-gap\.json; the level plays normally/);
    expect(game.messages.list).toEqual(['expected levels/replays/03-first-gap.replay.json']);
    expect(game.tools.replayStatus()).toBeNull();
    game.keyboard = [2, 2];
    game.run(30);
    expect(game.keyboardSamples).toBe(30);
    expect(game.world.tick).toBe(30);
  });
});

describe('dropped files', () => {
  it('are told apart by content: a replay says its format, anything else .json is a level', () => {
    expect(classifyDroppedFile('x.json', '{"format":"ropebound-replay"}').kind).toBe('replay');
    expect(classifyDroppedFile('x.replay.json', 'not json').kind).toBe('replay');
    expect(classifyDroppedFile('x.json', firstGap).kind).toBe('level');
    expect(classifyDroppedFile('x.json', '{ broken').kind).toBe('level');
    expect(classifyDroppedFile('notes.txt', 'hi')).toMatchObject({ kind: 'unknown' });
    expect(droppedBaseName('C:\\levels\\my-level.JSON')).toBe('my-level');
  });

  it('a valid level plays from tick 0 and is named after the file for recordings', () => {
    const game = fakeGame();
    game.run(20);
    game.tools.openFile(classifyDroppedFile('my-yard.json', swingYard));
    expect(game.loads).toHaveLength(1);
    expect(game.loads[0]).toMatchObject({ keepCamera: false, level: { id: 'swing-yard', catalogFile: null, baseName: 'my-yard' } });
    expect(game.world.tick).toBe(0);
    expect(game.world.queries.boxes.dense.length).toBe(3);
    game.tools.toggleRecording();
    game.run(10);
    game.tools.toggleRecording();
    expect(game.downloads[0].name).toBe('my-yard.replay.json');
  });

  it('an invalid level shows its errors and the running level goes on', () => {
    const game = fakeGame();
    game.run(20);
    const world = game.world;
    game.tools.openFile(classifyDroppedFile('bad.json', swingYard.replace('"tether": {', '"tether": { "bogus": 1,')));
    expect(game.loads).toEqual([]);
    expect(game.messages.title).toBe('bad.json could not be loaded; The First Gap keeps running');
    expect(game.messages.list.join('\n')).toMatch(/\$\.tether/);
    game.run(5);
    expect(game.world).toBe(world);
    expect(world.tick).toBe(25);
  });

  it('a replay of the level being played plays it; a replay of another level is refused', () => {
    const game = fakeGame();
    game.tools.openFile(classifyDroppedFile('swing.replay.json', formatReplay(freshReplay('10-swing-yard', swingYard))));
    expect(game.messages.list.join(' ')).toMatch(/the replay is for level 'swing-yard', but 'first-gap' is being played/);
    expect(game.tools.replayStatus()).toBeNull();
    const replay = freshReplay('03-first-gap', firstGap);
    game.run(10);
    game.tools.openFile(classifyDroppedFile('gap.replay.json', formatReplay(replay)));
    expect(game.world.tick).toBe(0);
    game.run(120);
    expect(game.tools.replayStatus()?.hashes).toEqual(replay.hashes.slice(0, 2));
  });
});

describe('live reload', () => {
  it('saving the level being played reloads it (camera kept); saving another level only updates the catalogue', () => {
    const game = fakeGame();
    game.run(30);
    game.tools.levelFilesChanged({ [FIRST_GAP]: firstGap, [SWING_YARD]: withGoalX(swingYard, 20) }, {});
    expect(game.loads).toEqual([]);
    expect(game.catalogs.at(-1)).toEqual(['03-first-gap.json', '10-swing-yard.json']);
    game.tools.levelFilesChanged({ [FIRST_GAP]: withGoalX(firstGap, 30), [SWING_YARD]: swingYard }, {});
    expect(game.loads).toHaveLength(1);
    expect(game.loads[0].keepCamera).toBe(true);
    expect(game.world.goal.x).toBe(30);
    expect(game.world.tick).toBe(0);
  });

  it('a broken save shows its errors while the last good version runs; fixing it clears them and loads it', () => {
    const game = fakeGame();
    game.tools.levelFilesChanged({ [FIRST_GAP]: withGoalX(firstGap, 30) }, {});
    const good = game.world;
    game.run(10);
    game.tools.levelFilesChanged({ [FIRST_GAP]: withGoalX(firstGap, -5) }, {});
    expect(game.messages.title).toMatch(/03-first-gap\.json has errors/);
    expect(game.messages.list.join('\n')).toMatch(/\$\.goal\.x/);
    game.run(10);
    expect(game.world).toBe(good);
    expect(good.tick).toBe(20);
    game.tools.levelFilesChanged({ [FIRST_GAP]: withGoalX(firstGap, 31) }, {});
    expect(game.messages).toEqual({ title: '', list: [] });
    expect(game.world.goal.x).toBe(31);
  });

  it('a dropped level is not replaced by saves of the level that was played before it', () => {
    const game = fakeGame();
    game.tools.openFile(classifyDroppedFile('mine.json', swingYard));
    game.tools.levelFilesChanged({ [FIRST_GAP]: withGoalX(firstGap, 30) }, {});
    expect(game.loads).toHaveLength(1);
    expect(game.level.baseName).toBe('mine');
  });
});

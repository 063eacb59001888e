// In-level teaching: the level's hints (read from its file, never from the sim), which verbs the
// players have done this visit (verbTracker.ts), and from those the prompt to show this frame and
// where in the level it sits. A visit is one open level: quitting to the menus, opening another
// level or a live reload of its file starts a new one; a respawn or a restart does not.

import * as v from 'valibot';
import { HINT_VERBS, hintListSchema, type HintVerb, type LevelHint } from '../level/levelSchema';
import { playerEntity, type SimWorld } from '../sim';
import { createVerbTracker, type VerbTracker } from './verbTracker';

/** Gap between the prompt and the head of the highest of the players it is for, m: clear of their
 *  P1 / P2 tags and of solo mode's arrow over the tag (its top is ~1.2 m above the head). */
const ABOVE_HEAD_M = 1.4;
/** Most lines one prompt shows: teaching must never become a wall of text. */
export const MAX_PROMPT_LINES = 2;

/**
 * The hints of a level file's text; none when it has none, or when the text does not hold a valid
 * list (parseLevel has refused such a level already; this never throws either way).
 */
export function hintsOfLevelText(text: string): readonly LevelHint[] {
  let json: unknown;
  try {
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return [];
  }
  const hints = (json as { hints?: unknown } | null)?.hints;
  if (hints === undefined) return [];
  const parsed = v.safeParse(hintListSchema, hints);
  return parsed.success ? parsed.output : [];
}

/** The prompt for this moment, in level coordinates: the verbs to teach and the point above the players. */
export interface WorldPrompt {
  verbs: HintVerb[];
  /** Bottom centre of the prompt, m. */
  x: number;
  y: number;
}

const isInside = (h: LevelHint, x: number, y: number): boolean => x >= h.x && x <= h.x + h.w && y >= h.y && y <= h.y + h.h;

/**
 * The verbs of hints with a player's centre inside them that are not done yet (at most
 * MAX_PROMPT_LINES, in the order players learn them), placed above the players inside; null for none.
 */
export function promptFor(world: SimWorld, hints: readonly LevelHint[], done: ReadonlySet<HintVerb>): WorldPrompt | null {
  // The verbs to teach as bits in HINT_VERBS order (no set or array built on the frames, nearly
  // all of them, where nothing is shown).
  let verbBits = 0;
  let x0 = Infinity;
  let x1 = -Infinity;
  let top = Infinity;
  for (let slot = 0; slot < 2; slot++) {
    const e = playerEntity(world, slot);
    const x = world.body.x[e];
    const y = world.body.y[e];
    let isTaught = false;
    for (let i = 0; i < hints.length; i++) {
      const h = hints[i];
      if (done.has(h.verb) || !isInside(h, x, y)) continue;
      verbBits |= 1 << HINT_VERBS.indexOf(h.verb);
      isTaught = true;
    }
    if (!isTaught) continue;
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    top = Math.min(top, y - world.body.halfH[e]);
  }
  if (verbBits === 0) return null;
  const verbs: HintVerb[] = [];
  for (let i = 0; i < HINT_VERBS.length && verbs.length < MAX_PROMPT_LINES; i++) {
    if (verbBits & (1 << i)) verbs.push(HINT_VERBS[i]);
  }
  return { verbs, x: (x0 + x1) / 2, y: top - ABOVE_HEAD_M };
}

export interface Teaching {
  /** Called after every sim tick of the played level. */
  afterTick(world: SimWorld): void;
  /**
   * The prompt for this frame: `level` is the open level's text (null in the menus: the visit
   * ends), `world` the played world, `isPlayed` false while paused (nothing shown, nothing forgotten).
   */
  prompt(levelText: string | null, world: SimWorld | null, isPlayed: boolean): WorldPrompt | null;
  /** The verbs done this visit (for tests and the debug handle). */
  readonly done: ReadonlySet<HintVerb>;
}

export function createTeaching(tracker: VerbTracker = createVerbTracker()): Teaching {
  let visitText: string | null = null;
  let hints: readonly LevelHint[] = [];
  return {
    afterTick: (world) => tracker.afterTick(world),
    prompt(levelText, world, isPlayed) {
      if (levelText !== visitText) {
        visitText = levelText;
        hints = levelText === null ? [] : hintsOfLevelText(levelText);
        tracker.reset();
      }
      if (!isPlayed || world === null || hints.length === 0) return null;
      return promptFor(world, hints, tracker.done);
    },
    get done() {
      return tracker.done;
    },
  };
}

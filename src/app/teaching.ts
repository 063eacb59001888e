// In-level teaching: the level's hints (read from its file, never from the sim), which verbs the
// players have done this visit (verbTracker.ts), and from those the prompt to show this frame and
// where in the level it sits; and notes on what the game refused a player (the anchor key held on
// a crate) or did to them (a moving platform tore an anchor loose), shown in the same caption over
// that player for a second or two. A visit is one open level: quitting to the menus, opening
// another level or a live reload of its file starts a new one; a respawn or a restart does not.

import * as v from 'valibot';
import { HINT_VERBS, hintListSchema, type HintVerb, type LevelHint } from '../level/levelSchema';
import { Button, SimEvent, playerEntity, readEvents, type SimWorld } from '../sim';
import type { PromptNote } from '../ui/teachingText';
import { createVerbTracker, type VerbTracker } from './verbTracker';

/** Gap between the prompt and the head of the highest of the players it is for, m: clear of their
 *  P1 / P2 tags and of solo mode's arrow over the tag (its top is ~1.2 m above the head). */
const ABOVE_HEAD_M = 1.4;
/** Most lines one prompt shows: teaching must never become a wall of text. */
export const MAX_PROMPT_LINES = 2;
/** Ticks a note stays up after what caused it stopped (long enough to read, ~1 s). */
const NOTE_TICKS = 60;
/** Ticks the torn-anchor note stays up: it comes as a surprise, mid-move, so a little longer. */
const TORN_TICKS = 120;

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
  /** What the game refused a player just now (shown first; at most MAX_PROMPT_LINES lines in all). */
  notes: PromptNote[];
  /** Bottom centre of the prompt, m. */
  x: number;
  y: number;
}

const isInside = (h: LevelHint, x: number, y: number): boolean => x >= h.x && x <= h.x + h.w && y >= h.y && y <= h.y + h.h;

/**
 * The verbs of hints with a player's centre inside them that are not done yet (at most
 * MAX_PROMPT_LINES, in the order players learn them), placed above the players inside; null for none.
 * A haul hint counts only while the partner is outside it.
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
      // A haul needs a partner outside to walk away: with both in the pit "walk away to haul" is
      // no help (a blind tester saw it over both players falling into Tied Together's pit).
      if (h.verb === 'haul') {
        const partner = playerEntity(world, 1 - slot);
        if (isInside(h, world.body.x[partner], world.body.y[partner])) continue;
      }
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
  return { verbs, notes: [], x: (x0 + x1) / 2, y: top - ABOVE_HEAD_M };
}

/** The anchor key held by a player standing on a crate: the sim does not anchor there (inputSystem.ts). */
export function isAnchorRefused(world: SimWorld, slot: number): boolean {
  const { player, box } = world;
  const e = playerEntity(world, slot);
  const under = player.groundBox[e];
  return (player.buttons[e] & Button.Anchor) !== 0 && player.isGrounded[e] === 1 && player.isAnchored[e] === 0 &&
    under !== 0 && box.isPlatform[under] === 0;
}

/** Per player slot, the note shown over it and the last tick of its world on which it shows (-1: none). */
export interface SlotNotes {
  note: (PromptNote | null)[];
  until: number[];
}

/**
 * `prompt` with the notes of the players whose note is still up (`notes.until[slot]`, a tick of
 * `world`), placed over them; `prompt` itself when no note is up. Notes come first; the prompt's
 * verbs fill what is left of MAX_PROMPT_LINES.
 */
export function withNotes(world: SimWorld, prompt: WorldPrompt | null, notes: SlotNotes): WorldPrompt | null {
  let x0 = Infinity;
  let x1 = -Infinity;
  let top = Infinity;
  let shown: PromptNote[] | null = null; // made only when a note is up (this runs every frame)
  for (let slot = 0; slot < 2; slot++) {
    const note = notes.note[slot];
    if (note === null || world.tick > notes.until[slot]) continue;
    shown ??= [];
    if (!shown.includes(note)) shown.push(note);
    const e = playerEntity(world, slot);
    x0 = Math.min(x0, world.body.x[e]);
    x1 = Math.max(x1, world.body.x[e]);
    top = Math.min(top, world.body.y[e] - world.body.halfH[e]);
  }
  if (shown === null) return prompt;
  const verbs = prompt === null ? [] : prompt.verbs.slice(0, MAX_PROMPT_LINES - shown.length);
  return { verbs, notes: shown, x: (x0 + x1) / 2, y: top - ABOVE_HEAD_M };
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
  const notes: SlotNotes = { note: [null, null], until: [-1, -1] };
  let noteWorld: SimWorld | null = null;
  let cursor = 0;
  const forgetNotes = (): void => {
    notes.note.fill(null);
    notes.until.fill(-1);
  };
  const onEvent = (type: number, _tick: number, slot: number, value: number): void => {
    // value 1: torn loose, not let go (a platform carried the anchor away from the anchored
    // partner, or into a wall; playerBox.ts). A blind tester found it unfair with no word why.
    if (type === SimEvent.Unanchored && value === 1 && slot < 2 && noteWorld !== null) {
      notes.note[slot] = 'anchorTorn';
      notes.until[slot] = noteWorld.tick + TORN_TICKS;
    }
  };
  return {
    afterTick(world) {
      tracker.afterTick(world);
      if (world !== noteWorld) { // a restart: its ticks and events count from 0 again
        noteWorld = world;
        cursor = 0;
        forgetNotes();
      }
      cursor = readEvents(world.events, cursor, onEvent);
      for (let slot = 0; slot < 2; slot++) {
        if (isAnchorRefused(world, slot)) {
          notes.note[slot] = 'anchorOnCrate';
          notes.until[slot] = world.tick + NOTE_TICKS;
        }
      }
    },
    prompt(levelText, world, isPlayed) {
      if (levelText !== visitText) {
        visitText = levelText;
        hints = levelText === null ? [] : hintsOfLevelText(levelText);
        tracker.reset();
        forgetNotes();
      }
      if (!isPlayed || world === null) return null;
      const taught = hints.length === 0 ? null : promptFor(world, hints, tracker.done);
      return world === noteWorld ? withNotes(world, taught, notes) : taught;
    },
    get done() {
      return tracker.done;
    },
  };
}

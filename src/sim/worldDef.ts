// What a world is built from: plain data, positions in metres with y down. src/level turns a level
// file into one (so the sim never reads files); tests, tools and the bench build them directly.

import type { PhysicsSettings } from './settings';
import type { TileGrid } from './tileGrid';

/** Axis-aligned rectangle in metres (x, y = top-left). */
export interface Rect { x: number; y: number; w: number; h: number }

/** What one end of a rope is tied to. Indices refer to the WorldDef's own arrays. */
export type RopeEndDef =
  | { kind: 'point'; x: number; y: number }
  | { kind: 'anchor'; anchor: number }
  /** (x, y): the attachment point relative to the box's centre, in the box's frame, m. */
  | { kind: 'box'; box: number; x: number; y: number }
  /** slot 0 = player 1, 1 = player 2; attached at the player's centre. */
  | { kind: 'player'; slot: number }
  | { kind: 'free' };

export interface AnchorDef {
  /** Position at the start, m. */
  x: number;
  y: number;
  /** Index of the platform it rides (in WorldDef.platforms), if any: it keeps its offset from the
   *  platform's centre as the platform moves. */
  platform?: number;
}

/** A moving platform: a kinematic box that carries players, anchors and what hangs from them. */
export interface PlatformDef {
  /** Full width and height, m. */
  w: number;
  h: number;
  /** Positions of its centre, m; it starts at the first and moves along them at `speed`. At least 2
   *  points, no two consecutive ones equal (nor the last and first when looping). */
  path: ReadonlyArray<{ x: number; y: number }>;
  /** m/s. */
  speed: number;
  /** true: from the last point on to the first; false: back and forth (ping-pong). */
  isLoop: boolean;
  /** Ticks it stands still on reaching an end of its path (ping-pong) or its first point again
   *  (loop); 0 or left out: it turns at once. */
  waitTicks?: number;
}

/** A checkpoint: once either player's centre is inside `area`, deaths respawn both at `spawns`. */
export interface CheckpointDef {
  area: Rect;
  /** Feet positions (centre-bottom) of player 1 and player 2 when respawning here. */
  spawns: readonly [{ x: number; y: number }, { x: number; y: number }];
}

export interface BoxDef {
  /** Centre, m. */
  x: number;
  y: number;
  /** Full width and height, m. */
  w: number;
  h: number;
  /** kg. */
  mass: number;
  isSpiked?: boolean;
  /** Orientation at the start as (cos, sin) of its angle (y down: positive turns clockwise); default (1, 0). */
  rotC?: number;
  rotS?: number;
  /** Velocity at the start, m/s (a push). */
  vx?: number;
  vy?: number;
}

export interface RopeDef {
  a: RopeEndDef;
  b: RopeEndDef;
  /** Rest length, m. */
  length: number;
  segments: number;
  /** m/N; 0 or missing = inextensible. */
  compliance?: number;
  /** N; 0 or missing = never snaps. */
  breakTension?: number;
  /** Longest the rope may be reeled out to, m (default: its length; sets the particles reserved). */
  maxLength?: number;
  /** With settings.ropeWrap: the tile corners the rope starts slung over, from end A to end B (a
   *  pulley over a block, say, which the straight line between the ends never crosses). Without
   *  it a rope whose straight line crosses solid tiles starts draped over them. */
  over?: ReadonlyArray<{ x: number; y: number }>;
}

/** Everything needed to build a world. Positions in metres, y down. */
export interface WorldDef {
  grid: TileGrid;
  /** Feet positions (centre-bottom) of player 1 and player 2. */
  spawns: readonly [{ x: number; y: number }, { x: number; y: number }];
  goal: Rect;
  /** Rope between the players: full length in m and number of segments. */
  tether: { length: number; segments: number };
  anchors?: readonly AnchorDef[];
  boxes?: readonly BoxDef[];
  ropes?: readonly RopeDef[];
  /** Ordered: reaching a later one (even skipping some) moves the respawn point there. */
  checkpoints?: readonly CheckpointDef[];
  platforms?: readonly PlatformDef[];
  /** Gems to collect (optional for finishing the level), at most MAX_GEMS. */
  gems?: readonly GemDef[];
  physics?: Partial<PhysicsSettings>;
}

/** A gem: a player whose box comes within GEM_RADIUS of its centre (x, y), m, collects it. */
export interface GemDef {
  x: number;
  y: number;
}

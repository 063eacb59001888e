// Ropes by their two ends: where an end is at the start of the level, and linking a new rope whose
// length defaults to the distance between its ends plus a little slack (a rope exactly as long as
// the distance starts taut, and one rounding step shorter would be refused by the game).

import { MAX_ROPE_LENGTH } from '../../level/levelSchema';
import { defaultPhysicsSettings } from '../../sim';
import { addEntity } from './entityEdits';
import { findEntity } from './entityQueries';
import { round6, type EntityRef, type LevelFile, type LevelRope, type LevelRopeEnd } from './levelTypes';

const PLAYER_HALF_HEIGHT = defaultPhysicsSettings().playerHalfHeight;

/** Extra length a new rope gets: 5 % of the distance plus 0.2 m. */
export const ROPE_SLACK_FRACTION = 0.05;
export const ROPE_SLACK_M = 0.2;

/**
 * Where a rope end is when the level starts (a box at rest, before any startAngle), m, or null
 * when it names nothing in the level. A box end without `at` is the middle of the box's top side,
 * a player end the player's centre (feet minus half the player's height), as the game ties them.
 */
export function ropeEndPosition(level: LevelFile, end: LevelRopeEnd): { x: number; y: number } | null {
  if (end.point) return { x: end.point[0], y: end.point[1] };
  if (end.anchor !== undefined) {
    const a = findEntity(level, { kind: 'anchor', id: end.anchor });
    return a ? { x: a.x, y: a.y } : null;
  }
  if (end.box !== undefined) {
    const b = findEntity(level, { kind: 'box', id: end.box });
    if (!b) return null;
    const [ax, ay] = end.at ?? [0, -b.h / 2];
    return { x: b.x + ax, y: b.y + ay };
  }
  if (end.player !== undefined) {
    const s = level.spawns.find((sp) => sp.player === end.player);
    return s ? { x: s.x, y: s.y - PLAYER_HALF_HEIGHT } : null;
  }
  return null;
}

/** Default rest length for a rope between these ends: the distance plus slack, in 0.1 m steps. */
export function defaultRopeLength(distance: number): number {
  const length = Math.ceil((distance * (1 + ROPE_SLACK_FRACTION) + ROPE_SLACK_M) * 10) / 10;
  return round6(Math.min(MAX_ROPE_LENGTH, Math.max(0.2, length)));
}

/** Default segments for a rope of this length: about 2 per metre, 8 to 32 (the campaign's ropes use 12-16). */
export function defaultRopeSegments(length: number): number {
  return Math.min(32, Math.max(8, Math.round(4 + 2 * length)));
}

export interface LinkOptions {
  id?: string;
  length?: number;
  segments?: number;
  breakTension?: number;
  compliance?: number;
}

/** Adds a rope between `a` and `b` (length and segments by default from the distance between them). */
export function linkRope(level: LevelFile, a: LevelRopeEnd, b: LevelRopeEnd, options: LinkOptions = {}): { level: LevelFile; ref: { kind: 'rope'; id: string } } {
  const pa = ropeEndPosition(level, a);
  const pb = ropeEndPosition(level, b);
  const distance = pa && pb ? Math.sqrt((pa.x - pb.x) ** 2 + (pa.y - pb.y) ** 2) : 0;
  const length = options.length ?? defaultRopeLength(distance);
  const rope: LevelRope = {
    id: options.id ?? 'rope',
    a, b,
    length,
    segments: options.segments ?? defaultRopeSegments(length),
    ...(options.compliance !== undefined ? { compliance: options.compliance } : {}),
    ...(options.breakTension !== undefined ? { breakTension: options.breakTension } : {}),
  };
  return addEntity(level, 'rope', rope);
}

/** Ropes tied to this entity (an anchor, a box or a player spawn), for the inspector and previews. */
export function ropesTiedTo(level: LevelFile, ref: EntityRef): LevelRope[] {
  const spawn = ref.kind === 'spawn' ? findEntity(level, { kind: 'spawn', id: ref.id }) : undefined;
  const ties = (e: LevelRopeEnd) =>
    (ref.kind === 'anchor' && e.anchor === ref.id) || (ref.kind === 'box' && e.box === ref.id) || (spawn !== undefined && e.player === spawn.player);
  return (level.ropes ?? []).filter((r) => ties(r.a) || ties(r.b));
}

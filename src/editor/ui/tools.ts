// The editor's tools and what each key picks. Kept apart from the pointer code so the toolbar, the
// shortcuts and docs/EDITOR.md name the same things.

import type { HintVerb, StampKind, TileChar } from '../doc';

/** Things placed by a click: each adds one entity (spawns and the goal move the one there is). */
export type PlaceKind = 'spawn1' | 'spawn2' | 'goal' | 'checkpoint' | 'anchor' | 'box' | 'spikedBox' | 'platform';

export type Tool =
  | { kind: 'select' }
  | { kind: 'brush' }
  | { kind: 'rect' }
  | { kind: 'erase' }
  | { kind: 'rope' }
  | { kind: 'place'; what: PlaceKind }
  | { kind: 'stamp'; stamp: StampKind }
  /** A click adds a teaching hint for this verb (its area's top-left corner where clicked). */
  | { kind: 'hint'; verb: HintVerb }
  /** Clicks add path points to the selected platform. */
  | { kind: 'pathNodes' };

export const TOOL_KEYS: ReadonlyArray<{ code: string; tool: Tool; label: string }> = [
  { code: 'KeyV', tool: { kind: 'select' }, label: 'Select / move' },
  { code: 'KeyB', tool: { kind: 'brush' }, label: 'Brush' },
  { code: 'KeyG', tool: { kind: 'rect' }, label: 'Rectangle' },
  { code: 'KeyE', tool: { kind: 'erase' }, label: 'Erase' },
  { code: 'KeyL', tool: { kind: 'rope' }, label: 'Rope' },
];

export const TILE_KEYS: ReadonlyArray<{ code: string; tile: TileChar; label: string }> = [
  { code: 'Digit1', tile: '#', label: 'Solid' },
  { code: 'Digit2', tile: '=', label: 'Plank' },
  { code: 'Digit3', tile: '^', label: 'Spikes' },
];

export const PLACE_LABELS: ReadonlyArray<{ what: PlaceKind; label: string }> = [
  { what: 'spawn1', label: 'P1 start' },
  { what: 'spawn2', label: 'P2 start' },
  { what: 'goal', label: 'Goal' },
  { what: 'checkpoint', label: 'Checkpoint' },
  { what: 'anchor', label: 'Anchor' },
  { what: 'box', label: 'Crate' },
  { what: 'spikedBox', label: 'Spiked box' },
  { what: 'platform', label: 'Platform' },
];

export function sameTool(a: Tool, b: Tool): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'place' && b.kind === 'place') return a.what === b.what;
  if (a.kind === 'stamp' && b.kind === 'stamp') return a.stamp === b.stamp;
  // One Hint button, whichever verb its list shows.
  return true;
}

/** Grid snap for entity positions, m: half a tile, so a spawn can stand mid-tile or on a tile edge. */
export const SNAP_M = 0.5;

export function snap(value: number, isFree: boolean): number {
  return isFree ? Math.round(value * 100) / 100 : Math.round(value / SNAP_M) * SNAP_M;
}

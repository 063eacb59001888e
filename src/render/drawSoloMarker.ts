// Solo mode's "you drive this one" marker: a bold arrow in the controlled player's colour, pointing
// down at its P1 / P2 label, so a glance at the level says whom the keys move. One drawing per
// player, made once (its tip at the origin); a frame only picks it and moves the Graphics, which a
// redraw every frame (even an empty one) made pixi rebuild its draw list for. The other player's
// label is dimmed.

import { GraphicsContext, type Graphics, type Text } from 'pixi.js';
import { palette } from './palette';
import { CM_PER_M as U } from './units';

/** Arrow width and height, cm; gap between its tip and the label, cm. */
const ARROW_W = 50;
const ARROW_H = 36;
const GAP = 8;
/** How bright the label of the character not controlled stays (it still says who is who). */
const IDLE_LABEL_ALPHA = 0.45;

const OUTLINE = { width: 6, color: palette.eye, alignment: 0 };

/** The arrow of each player, its tip at the origin. */
const ARROWS = [0, 1].map((slot) => new GraphicsContext()
  .moveTo(-ARROW_W / 2, -ARROW_H)
  .lineTo(ARROW_W / 2, -ARROW_H)
  .lineTo(0, 0)
  .closePath()
  .fill(palette.player[slot] ?? palette.eye)
  .stroke(OUTLINE));

/**
 * Shows the marker over `labels[controlled]` (labels anchored at their bottom centre, `labelHeightM`
 * tall) and dims the other labels; `controlled` null (two players) hides it and undims them.
 */
export function drawSoloMarker(g: Graphics, labels: readonly Text[], controlled: number | null, labelHeightM: number): void {
  for (let slot = 0; slot < labels.length; slot++) {
    labels[slot].alpha = controlled === null || slot === controlled ? 1 : IDLE_LABEL_ALPHA;
  }
  const arrow = controlled === null ? undefined : ARROWS[controlled];
  g.visible = arrow !== undefined && labels[controlled!] !== undefined;
  if (!g.visible) return;
  if (g.context !== arrow) g.context = arrow!;
  g.position.set(labels[controlled!].x, labels[controlled!].y - labelHeightM * U - GAP);
}

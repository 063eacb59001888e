// Solo mode's "you drive this one" marker: a bold arrow in the controlled player's colour, pointing
// down at its P1 / P2 label, so a glance at the level says whom the keys move. Redrawn each frame
// into one Graphics (a few lines; no per-frame style objects). The other player's label is dimmed.

import type { Graphics, Text } from 'pixi.js';
import { palette } from './palette';
import { CM_PER_M as U } from './units';

/** Arrow width and height, cm; gap between its tip and the label, cm. */
const ARROW_W = 50;
const ARROW_H = 36;
const GAP = 8;
/** How bright the label of the character not controlled stays (it still says who is who). */
const IDLE_LABEL_ALPHA = 0.45;

const OUTLINE = { width: 6, color: palette.eye, alignment: 0 };

/**
 * Draws the marker over `labels[controlled]` (labels anchored at their bottom centre, `labelHeightM`
 * tall) and dims the other labels; `controlled` null (two players) clears it and undims them.
 */
export function drawSoloMarker(g: Graphics, labels: readonly Text[], controlled: number | null, labelHeightM: number): void {
  g.clear();
  for (let slot = 0; slot < labels.length; slot++) {
    labels[slot].alpha = controlled === null || slot === controlled ? 1 : IDLE_LABEL_ALPHA;
  }
  if (controlled === null || !labels[controlled]) return;
  const x = labels[controlled].x;
  const tipY = labels[controlled].y - labelHeightM * U - GAP;
  g.moveTo(x - ARROW_W / 2, tipY - ARROW_H)
    .lineTo(x + ARROW_W / 2, tipY - ARROW_H)
    .lineTo(x, tipY)
    .closePath()
    .fill(palette.player[controlled] ?? palette.eye)
    .stroke(OUTLINE);
}

// The tuning panel beside a test-play: the level's gravity, substeps, rope damping and air drag,
// and the selected rope's compliance, breaking tension and length and the selected box's mass,
// with every level rope's live and peak tension and stretch (designers tune breaking tensions by
// them) and the level's estimated cost per tick against its bound. A change is an edit of the
// level (undoable; a slider drag is one step); gravity, damping, drag, substeps, compliance and
// breaking tension also act on the running world at once, the rest from the next restart (R).

import { el } from '../../ui/dom';
import { MAX_TICK_MS, estimateLevelCost } from '../../level/levelCost';
import { defaultPhysicsSettings, resolvePhysicsSettings, ropeEntity, ropeMaxStretch, type SimWorld } from '../../sim';
import { fieldMeta, setField, type EditorDoc, type EntityRef, type PathKey } from '../doc';

export interface TuningPanel {
  /** Builds the controls for the level and the selection (a test-play starts). */
  open(selection: readonly EntityRef[]): void;
  /** Every few frames while playing: live numbers. */
  update(world: SimWorld | null): void;
}

const PHYSICS = ['gravity', 'substeps', 'ropeDamping', 'airDrag'] as const;

/**
 * `returnKeys` gives the keyboard back to the game (focuses its canvas): the game ignores keys aimed
 * at a form field, so a slider left with the focus would take the players' arrows.
 */
export function createTuningPanel(box: HTMLElement, doc: () => EditorDoc, returnKeys: () => void): TuningPanel {
  let ropeRows: Array<{ tension: HTMLElement; peak: HTMLElement; stretch: HTMLElement; peakN: number }> = [];
  let costCell: HTMLElement | null = null;
  let frames = 0;
  /** Live changes waiting for the next update to reach the world. */
  const pending: Array<(world: SimWorld) => void> = [];

  /** A slider + number for `path`; `live` also changes the running world. */
  const slider = (parent: HTMLElement, label: string, path: PathKey[], value: number, live: ((world: SimWorld, v: number) => void) | null, note = ''): void => {
    const meta = fieldMeta(path);
    const row = el('div', 'ed-field', parent);
    el('label', '', row, label).title = [meta?.description, note].filter(Boolean).join(' · ');
    const cell = el('div', 'ed-num', row);
    const number = el('input', '', cell);
    number.type = 'number';
    number.value = String(value);
    number.dataset.path = path.join('.');
    const range = el('input', '', cell);
    range.type = 'range';
    const min = meta?.min ?? 0;
    // Breaking tensions go to 10^7 N: the slider spans a useful part, the box takes any value.
    const max = Math.min(meta?.max ?? 100, label === 'breakTension' ? Math.max(20000, value * 2) : Infinity);
    range.min = String(min);
    range.max = String(max);
    range.step = meta?.type === 'integer' ? '1' : String((max - min) / 200);
    range.value = String(value);
    if (meta?.unit) el('span', 'ed-unit', cell, meta.unit);
    const apply = (v: number, isDrag: boolean) => {
      if (!Number.isFinite(v)) return;
      const d = doc();
      if (isDrag && !d.inTransaction) d.begin(`Tune ${label}`);
      d.apply(`Tune ${label}`, (l) => setField(l, path, v));
      if (live) pending.push((world) => live(world, v));
    };
    range.addEventListener('input', () => { number.value = range.value; apply(Number(range.value), true); });
    range.addEventListener('change', () => { if (doc().inTransaction) doc().commit(); });
    number.addEventListener('change', () => { range.value = number.value; apply(Number(number.value), false); });
    // Done with the mouse (the release, wherever it lands) or with Enter in the box: the keys go
    // back to the players. After the release's own events, so the slider's 'change' (which ends the
    // undo step) has fired. A slider reached with Tab keeps its arrows, for fine steps.
    range.addEventListener('pointerdown', () => {
      window.addEventListener('pointerup', () => window.setTimeout(returnKeys, 0), { once: true });
    });
    number.addEventListener('keydown', (e) => { if (e.key === 'Enter') returnKeys(); });
  };

  return {
    open(selection) {
      box.replaceChildren();
      const level = doc().level;
      el('h3', '', box, 'Tuning (changes the level; Ctrl+Z in the editor undoes)');
      const defaults = defaultPhysicsSettings();
      for (const key of PHYSICS) {
        const value = level.physics?.[key] ?? defaults[key];
        // The sim reads these every tick (the substep length too, from substeps).
        slider(box, key, ['physics', key], value, (world, v) => { world.settings[key] = v; });
      }
      const ropes = level.ropes ?? [];
      const chosen = selection.find((r) => r.kind === 'rope')?.id
        ?? ropes.find((r) => selection.some((s) => s.kind === 'box' && (r.a.box === s.id || r.b.box === s.id)))?.id;
      const k = ropes.findIndex((r) => r.id === chosen);
      if (k >= 0) {
        const rope = ropes[k];
        el('h3', '', box, `rope '${rope.id}'`);
        slider(box, 'compliance', ['ropes', k, 'compliance'], rope.compliance ?? 0, (world, v) => { world.rope.compliance[ropeEntity(world, k)] = v; });
        slider(box, 'breakTension', ['ropes', k, 'breakTension'], rope.breakTension ?? 0, (world, v) => { world.rope.breakTension[ropeEntity(world, k)] = v; });
        slider(box, 'length', ['ropes', k, 'length'], rope.length, null, 'from the next restart (R)');
      }
      const b = (level.boxes ?? []).findIndex((x) => selection.some((s) => s.kind === 'box' && s.id === x.id));
      if (b >= 0) {
        el('h3', '', box, `box '${level.boxes![b].id}'`);
        slider(box, 'mass', ['boxes', b, 'mass'], level.boxes![b].mass, null, 'from the next restart (R)');
      }
      if (k < 0 && b < 0) el('p', 'ed-help', box, 'Select a rope or a box before playing to tune it here.');
      el('h3', '', box, 'ropes: tension now / peak, stretch');
      const table = el('table', 'ed-ropes', box);
      ropeRows = ropes.map((r) => {
        const tr = el('tr', '', table);
        el('td', '', tr, r.id);
        const tension = el('td', '', tr);
        const peak = el('td', '', tr);
        const stretch = el('td', '', tr);
        return { tension, peak, stretch, peakN: 0 };
      });
      if (ropes.length === 0) el('p', 'ed-help', box, 'The level has no ropes besides the tether.');
      costCell = el('p', 'ed-help ed-cost', box);
      frames = 0;
    },
    update(world) {
      if (!world) return;
      for (const change of pending.splice(0)) change(world);
      ropeRows.forEach((row, k) => {
        const r = ropeEntity(world, k);
        if (r === undefined) return;
        row.peakN = Math.max(row.peakN, world.rope.tension[r]);
      });
      if (frames++ % 6 !== 0) return; // the DOM a few times a second; peaks are kept every frame
      ropeRows.forEach((row, k) => {
        const r = ropeEntity(world, k);
        if (r === undefined) return;
        const isActive = world.rope.isActive[r] === 1;
        row.tension.textContent = isActive ? `${world.rope.tension[r].toFixed(0)} N` : 'snapped';
        row.peak.textContent = `${row.peakN.toFixed(0)} N`;
        row.stretch.textContent = isActive ? `${(ropeMaxStretch(world, r) * 100).toFixed(2)} %` : '';
      });
      if (costCell) {
        const level = doc().level;
        const cost = estimateLevelCost(level, resolvePhysicsSettings(level.physics));
        costCell.textContent = `cost ~${cost.ms.toFixed(2)} ms per tick of ${MAX_TICK_MS} ms (${Math.round((100 * cost.ms) / MAX_TICK_MS)} %)`;
        costCell.classList.toggle('is-over', cost.ms > MAX_TICK_MS);
      }
    },
  };
}

// The inspector: the selected entity's fields (or, with nothing selected, the level's own: name,
// author, description, world, tether, physics), each change one undo step. Bounds, units and defaults come
// from the level schema through the core's field metadata (fieldMeta), so there is no second copy
// of them here; numbers with both bounds get a slider beside the box.

import { el } from '../../ui/dom';
import {
  entityFields, fieldMeta, fieldsOf, findEntity, renameEntity, setField,
  type EditorDoc, type EntityRef, type FieldMeta, type LevelFile, type PathKey,
} from '../doc';

export interface InspectorHandlers {
  /** The selection's id changed (a rename): select the renamed entity. */
  renamed(ref: EntityRef): void;
  /** "Add path points" for a selected platform. */
  addPathNodes(): void;
  /** Grows (positive) or shrinks (negative) the grid on one side. */
  resize(side: 'left' | 'right' | 'top' | 'bottom', by: number): void;
}

const LIST_KEYS: Record<string, keyof LevelFile> = {
  spawn: 'spawns', anchor: 'anchors', box: 'boxes', rope: 'ropes', platform: 'platforms', checkpoint: 'checkpoints', gem: 'gems', hint: 'hints',
};

function valueAt(root: unknown, path: readonly PathKey[]): unknown {
  let node = root;
  for (const k of path) node = (node as Record<string | number, unknown> | undefined)?.[k];
  return node;
}

export function renderInspector(box: HTMLElement, doc: EditorDoc, selection: readonly EntityRef[], h: InspectorHandlers): void {
  box.replaceChildren();
  const level = doc.level;
  if (selection.length > 1) {
    el('p', 'ed-help', box, `${selection.length} things selected: drag to move them, Ctrl+D duplicates, Delete removes.`);
    return;
  }
  const ref = selection[0];
  if (!ref) {
    el('p', 'ed-help', box, 'The level (select something to edit it).');
    gridRow(box, level, h);
    for (const meta of fieldsOf('')) {
      // Texts, and the world (a choice of 1-3: which looks and music the level gets).
      if ((meta.type === 'string' && meta.key !== '$schema') || meta.key === 'world') field(box, doc, [meta.key], valueAt(level, [meta.key]), meta);
    }
    for (const section of ['tether', 'physics'] as const) {
      el('h3', '', box, section);
      for (const meta of fieldsOf(section)) field(box, doc, [section, meta.key], valueAt(level, [section, meta.key]), meta);
    }
    return;
  }
  const entity = findEntity(level, ref) as Record<string, unknown> | undefined;
  if (!entity) return;
  const base: PathKey[] = ref.kind === 'goal' ? ['goal'] : [LIST_KEYS[ref.kind], ((level[LIST_KEYS[ref.kind]] ?? []) as unknown[]).indexOf(entity)];
  el('p', 'ed-help', box, `${ref.kind} '${ref.id}'`);
  // The id: renaming follows every reference (rope ends, anchors on platforms).
  const idRow = row(box, 'id', null);
  const idInput = el('input', '', idRow);
  idInput.type = 'text';
  idInput.value = ref.id;
  idInput.addEventListener('change', () => {
    const next = idInput.value.trim();
    if (next === ref.id || next === '') return;
    doc.apply('Rename', (l) => renameEntity(l, ref, next));
    h.renamed({ kind: ref.kind, id: next });
  });
  for (const meta of entityFields(ref.kind)) {
    if (meta.key === 'id') continue;
    const value = entity[meta.key];
    if (meta.type === 'ropeEnd') el('div', 'ed-help', box, `end ${meta.key}: ${describeEnd(value as Record<string, unknown>)}`);
    else if (meta.key === 'over') {
      // The corners a rope starts slung over: set in the level file (no tool for them yet).
      if (Array.isArray(value) && value.length > 0) el('div', 'ed-help', box, `slung over ${value.length} corner${value.length === 1 ? '' : 's'}`);
    } else if (meta.type === 'path') el('div', 'ed-help', box, `path: ${(value as unknown[]).length} points (drag the pink dots)`);
    else field(box, doc, [...base, meta.key], value, meta);
  }
  if (ref.kind === 'platform') {
    const add = el('button', '', box, 'Add path points (click the level; Esc stops)');
    add.type = 'button';
    add.addEventListener('click', () => h.addPathNodes());
  }
}

/** The grid's size and a grow / shrink button pair for each side. */
function gridRow(box: HTMLElement, level: LevelFile, h: InspectorHandlers): void {
  el('h3', '', box, `grid ${level.tiles[0]?.length ?? 0} x ${level.tiles.length} tiles`);
  const r = el('div', 'ed-grid-size', box);
  for (const side of ['left', 'right', 'top', 'bottom'] as const) {
    const cell = el('span', '', r, `${side} `);
    for (const by of [-1, 1]) {
      const b = el('button', '', cell, by > 0 ? '+' : '−');
      b.type = 'button';
      b.dataset.side = side;
      b.dataset.by = String(by);
      b.title = `${by > 0 ? 'Add a' : 'Remove the'} ${side === 'left' || side === 'right' ? 'column' : 'row'} on the ${side}`;
      b.addEventListener('click', () => h.resize(side, by));
    }
  }
}

function describeEnd(end: Record<string, unknown>): string {
  if (end.anchor !== undefined) return `anchor '${String(end.anchor)}'`;
  if (end.box !== undefined) return `box '${String(end.box)}'${Array.isArray(end.at) ? ` at (${end.at.join(', ')})` : ' (top middle)'}`;
  if (end.player !== undefined) return `player ${String(end.player)}`;
  if (Array.isArray(end.point)) return `point (${end.point.join(', ')})`;
  return '?';
}

function row(box: HTMLElement, label: string, title: string | null): HTMLElement {
  const r = el('div', 'ed-field', box);
  const l = el('label', '', r, label);
  if (title) l.title = title;
  return el('div', 'ed-num', r);
}

/** One field by its schema metadata: a number box (+ slider when bounded), a checkbox, a choice, a vector, a text. */
function field(box: HTMLElement, doc: EditorDoc, path: PathKey[], value: unknown, meta: FieldMeta | null = fieldMeta(path)): void {
  if (!meta) return;
  const label = meta.key;
  const bounds = meta.min !== null && meta.max !== null ? `${meta.min} to ${meta.max}` : null;
  const title = [meta.description, meta.default !== null ? `default ${String(meta.default)}` : null, bounds].filter(Boolean).join(' · ');
  const cell = row(box, label, title || null);
  const set = (v: unknown) => doc.apply(`Set ${label}`, (l) => setField(l, path, v));
  const unit = () => { if (meta.unit) el('span', 'ed-unit', cell, meta.unit); };
  switch (meta.type) {
    case 'number':
    case 'integer': {
      const isInt = meta.type === 'integer';
      const input = el('input', '', cell);
      input.type = 'number';
      input.step = isInt ? '1' : 'any';
      if (meta.min !== null) input.min = String(meta.min);
      if (meta.max !== null) input.max = String(meta.max);
      input.value = typeof value === 'number' ? String(value) : '';
      input.placeholder = meta.default !== null ? String(meta.default) : '';
      input.dataset.path = path.join('.');
      input.addEventListener('change', () => set(input.value === '' && meta.optional ? undefined : Number(input.value)));
      if (meta.min !== null && meta.max !== null && meta.max - meta.min <= 100000) {
        const slider = el('input', '', cell);
        slider.type = 'range';
        slider.min = String(meta.min);
        slider.max = String(meta.max);
        slider.step = isInt ? '1' : String((meta.max - meta.min) / 200);
        slider.value = String(typeof value === 'number' ? value : meta.default ?? meta.min);
        // A slider drag is one undo step: applied live inside a transaction, committed on release.
        slider.addEventListener('pointerdown', () => { if (!doc.inTransaction) doc.begin(`Set ${label}`); });
        slider.addEventListener('input', () => {
          input.value = slider.value;
          doc.apply(`Set ${label}`, (l) => setField(l, path, Number(slider.value)));
        });
        slider.addEventListener('change', () => { if (doc.inTransaction) doc.commit(); });
      }
      unit();
      return;
    }
    case 'boolean': {
      const input = el('input', '', cell);
      input.type = 'checkbox';
      input.checked = value === true;
      input.addEventListener('change', () => set(input.checked ? true : meta.optional ? undefined : false));
      return;
    }
    case 'vector': {
      const pair = Array.isArray(value) ? (value as number[]) : undefined;
      const inputs = [0, 1].map((i) => {
        const input = el('input', '', cell);
        input.type = 'number';
        input.step = 'any';
        input.value = pair ? String(pair[i]) : '';
        return input;
      });
      const commit = () => {
        const [a, b] = inputs.map((i) => i.value);
        set(a === '' && b === '' && meta.optional ? undefined : [Number(a || 0), Number(b || 0)]);
      };
      for (const input of inputs) input.addEventListener('change', commit);
      unit();
      return;
    }
    case 'enum': {
      const select = el('select', '', cell);
      for (const option of meta.options ?? []) el('option', '', select, String(option)).value = String(option);
      select.value = value === undefined ? String(meta.default ?? meta.options?.[0] ?? '') : String(value);
      select.addEventListener('change', () => {
        const option = (meta.options ?? []).find((o) => String(o) === select.value);
        set(option);
      });
      return;
    }
    case 'string': {
      const isLong = (meta.max ?? 0) > 200;
      const input = isLong ? el('textarea', '', cell) : el('input', '', cell);
      if (input instanceof HTMLInputElement) input.type = 'text';
      input.value = typeof value === 'string' ? value : '';
      input.addEventListener('change', () => set(input.value === '' && meta.optional ? undefined : input.value));
      return;
    }
    default:
      cell.textContent = JSON.stringify(value ?? null);
  }
}

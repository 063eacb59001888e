// The inspector: the selected entity's fields (or, with nothing selected, the level's own: name,
// author, description, tether, physics), each change one undo step. Bounds, units and defaults come
// from the level schema through fieldInfo (fieldInfo.ts), so there is no second copy of them here;
// numbers with both bounds get a slider beside the box.

import { el } from '../../ui/dom';
import {
  findEntity, renameEntity, setField, type EditorDoc, type EntityRef, type LevelFile, type PathKey,
} from '../doc';
import { fieldInfo } from './fieldInfo';

export interface InspectorHandlers {
  /** The selection's id changed (a rename): select the renamed entity. */
  renamed(ref: EntityRef): void;
  /** "Add path points" for a selected platform. */
  addPathNodes(): void;
}

const LIST_KEYS: Record<string, keyof LevelFile> = {
  spawn: 'spawns', anchor: 'anchors', box: 'boxes', rope: 'ropes', platform: 'platforms', checkpoint: 'checkpoints',
};

/** Fields the level-wide view offers when they are missing from the file. */
const LEVEL_FIELDS: ReadonlyArray<{ path: PathKey[]; kind: 'text' | 'longText' | 'number' }> = [
  { path: ['name'], kind: 'text' },
  { path: ['id'], kind: 'text' },
  { path: ['author'], kind: 'text' },
  { path: ['description'], kind: 'longText' },
  { path: ['tether', 'length'], kind: 'number' },
  { path: ['tether', 'segments'], kind: 'number' },
  { path: ['physics', 'gravity'], kind: 'number' },
  { path: ['physics', 'substeps'], kind: 'number' },
  { path: ['physics', 'runSpeed'], kind: 'number' },
  { path: ['physics', 'jumpSpeed'], kind: 'number' },
  { path: ['physics', 'ropeDamping'], kind: 'number' },
  { path: ['physics', 'airDrag'], kind: 'number' },
];

/** Optional fields an entity of each kind may have, shown even when the file leaves them out. */
const OPTIONAL_FIELDS: Record<string, ReadonlyArray<{ key: string; kind: 'number' | 'boolean' | 'pair' }>> = {
  box: [{ key: 'spikes', kind: 'boolean' }, { key: 'startAngle', kind: 'number' }, { key: 'push', kind: 'pair' }],
  rope: [{ key: 'compliance', kind: 'number' }, { key: 'breakTension', kind: 'number' }, { key: 'maxLength', kind: 'number' }],
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
    for (const f of LEVEL_FIELDS) field(box, doc, f.path, f.kind === 'number' ? numberOr(valueAt(level, f.path)) : valueAt(level, f.path), f.kind);
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
  for (const [key, value] of Object.entries(entity)) {
    if (key === 'id') continue;
    const path = [...base, key];
    if (typeof value === 'number') field(box, doc, path, value, 'number');
    else if (typeof value === 'boolean') field(box, doc, path, value, 'boolean');
    else if (key === 'mode') field(box, doc, path, value, 'mode');
    else if (Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number')) field(box, doc, path, value, 'pair');
    else if (key === 'a' || key === 'b') el('div', 'ed-help', box, `end ${key}: ${describeEnd(value as Record<string, unknown>)}`);
    else if (key === 'path') el('div', 'ed-help', box, `path: ${(value as unknown[]).length} points (drag the pink dots)`);
    else if (typeof value === 'string') field(box, doc, path, value, 'text');
  }
  for (const opt of OPTIONAL_FIELDS[ref.kind] ?? []) {
    if (opt.key in entity) continue;
    field(box, doc, [...base, opt.key], undefined, opt.kind);
  }
  if (ref.kind === 'platform') {
    if (!('mode' in entity)) field(box, doc, [...base, 'mode'], undefined, 'mode');
    const add = el('button', '', box, 'Add path points (click the level; Esc stops)');
    add.type = 'button';
    add.addEventListener('click', () => h.addPathNodes());
  }
}

function describeEnd(end: Record<string, unknown>): string {
  if (end.anchor !== undefined) return `anchor '${String(end.anchor)}'`;
  if (end.box !== undefined) return `box '${String(end.box)}'${Array.isArray(end.at) ? ` at (${end.at.join(', ')})` : ' (top middle)'}`;
  if (end.player !== undefined) return `player ${String(end.player)}`;
  if (Array.isArray(end.point)) return `point (${end.point.join(', ')})`;
  return '?';
}

function numberOr(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

function row(box: HTMLElement, label: string, title: string | null): HTMLElement {
  const r = el('div', 'ed-field', box);
  const l = el('label', '', r, label);
  if (title) l.title = title;
  return el('div', 'ed-num', r);
}

/** One field: a number box (+ slider when bounded), a checkbox, a pair of numbers, a text, or the platform mode. */
function field(box: HTMLElement, doc: EditorDoc, path: PathKey[], value: unknown, kind: 'number' | 'boolean' | 'pair' | 'text' | 'longText' | 'mode'): void {
  const info = fieldInfo(path);
  const label = String(path[path.length - 1]);
  const title = [info?.description, info?.defaultValue !== undefined ? `default ${String(info.defaultValue)}` : null,
    info && info.min !== undefined && info.max !== undefined ? `${info.min} to ${info.max}` : null].filter(Boolean).join(' · ');
  const cell = row(box, label, title || null);
  const set = (v: unknown) => doc.apply(`Set ${label}`, (l) => setField(l, path, v));
  switch (kind) {
    case 'number': {
      const input = el('input', '', cell);
      input.type = 'number';
      input.step = info?.isInteger ? '1' : 'any';
      if (info?.min !== undefined) input.min = String(info.min);
      if (info?.max !== undefined) input.max = String(info.max);
      input.value = value === undefined ? '' : String(value);
      input.placeholder = info?.defaultValue !== undefined ? String(info.defaultValue) : '';
      input.dataset.path = path.join('.');
      input.addEventListener('change', () => set(input.value === '' ? undefined : Number(input.value)));
      if (info?.min !== undefined && info.max !== undefined && info.max - info.min <= 100000) {
        const slider = el('input', '', cell);
        slider.type = 'range';
        slider.min = String(info.min);
        slider.max = String(info.max);
        slider.step = info.isInteger ? '1' : String((info.max - info.min) / 200);
        slider.value = String(value ?? info.defaultValue ?? info.min);
        // A slider drag is one undo step: applied live inside a transaction, committed on release.
        slider.addEventListener('pointerdown', () => { if (!doc.inTransaction) doc.begin(`Set ${label}`); });
        slider.addEventListener('input', () => {
          input.value = slider.value;
          doc.apply(`Set ${label}`, (l) => setField(l, path, Number(slider.value)));
        });
        slider.addEventListener('change', () => { if (doc.inTransaction) doc.commit(); });
      }
      if (info?.unit) el('span', 'ed-unit', cell, info.unit);
      return;
    }
    case 'boolean': {
      const input = el('input', '', cell);
      input.type = 'checkbox';
      input.checked = value === true;
      input.addEventListener('change', () => set(input.checked ? true : undefined));
      return;
    }
    case 'pair': {
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
        set(a === '' && b === '' ? undefined : [Number(a || 0), Number(b || 0)]);
      };
      for (const input of inputs) input.addEventListener('change', commit);
      if (info?.unit) el('span', 'ed-unit', cell, info.unit);
      return;
    }
    case 'mode': {
      const select = el('select', '', cell);
      for (const m of ['pingpong', 'loop']) el('option', '', select, m).value = m;
      select.value = typeof value === 'string' ? value : 'pingpong';
      select.addEventListener('change', () => set(select.value));
      return;
    }
    case 'text':
    case 'longText': {
      const input = kind === 'text' ? el('input', '', cell) : el('textarea', '', cell);
      if (input instanceof HTMLInputElement) input.type = 'text';
      input.value = typeof value === 'string' ? value : '';
      input.addEventListener('change', () => set(input.value === '' && path[0] !== 'name' && path[0] !== 'id' ? undefined : input.value));
    }
  }
}

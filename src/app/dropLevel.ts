// Dropping a file on the page: a level file is played, a replay file is played back on the level
// being played. `classifyDroppedFile` is pure (what kind of file is it, by content, not by name);
// `installFileDrop` only reads the dropped file's text and hands it on.

import { isolateText } from '../level/levelText';
import { REPLAY_FORMAT } from '../level/replay';

export type DroppedFile =
  | { kind: 'level'; name: string; text: string }
  | { kind: 'replay'; name: string; text: string }
  | { kind: 'unknown'; name: string; message: string };

/** Largest file read from a drop (a level is at most 1 MiB; a long replay is bigger). */
export const MAX_DROP_BYTES = 16 * 1024 * 1024;

/**
 * A replay when the JSON says `"format": "ropebound-replay"`, otherwise a level (parseLevel then
 * explains what is wrong with it). Files that are not JSON text by name are refused.
 */
export function classifyDroppedFile(name: string, text: string): DroppedFile {
  if (!/\.json$/i.test(name)) {
    return { kind: 'unknown', name, message: `${isolateText(name)}: drop a level (.json) or a replay (.replay.json) file` };
  }
  let format: unknown;
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json === 'object' && json !== null) format = (json as { format?: unknown }).format;
  } catch {
    // Not JSON: parseLevel reports it with the position of the error.
  }
  if (format === REPLAY_FORMAT || (format === undefined && /\.replay\.json$/i.test(name))) return { kind: 'replay', name, text };
  return { kind: 'level', name, text };
}

/** The name a dropped level is known by: its file name without `.json`. */
export function droppedBaseName(name: string): string {
  return name.replace(/^.*[\\/]/, '').replace(/\.json$/i, '');
}

/**
 * Accepts files dragged onto `target`: the first file of a drop is read as text and classified.
 * Returns a function that removes the listeners.
 */
export function installFileDrop(target: Window, onFile: (file: DroppedFile) => void): () => void {
  const hasFiles = (e: DragEvent): boolean => !!e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files');
  // Without preventDefault on dragover the browser would open the file instead of dropping it.
  const onDragOver = (e: DragEvent): void => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (e: DragEvent): void => {
    const file = e.dataTransfer?.files[0];
    if (!file) return;
    e.preventDefault();
    if (file.size > MAX_DROP_BYTES) {
      onFile({ kind: 'unknown', name: file.name, message: `${isolateText(file.name)}: the file is ${file.size} bytes; at most ${MAX_DROP_BYTES} are read` });
      return;
    }
    file.text().then(
      (text) => onFile(classifyDroppedFile(file.name, text)),
      (err: unknown) => onFile({ kind: 'unknown', name: file.name, message: `${isolateText(file.name)}: could not be read (${String(err)})` }),
    );
  };
  target.addEventListener('dragover', onDragOver);
  target.addEventListener('drop', onDrop);
  return () => {
    target.removeEventListener('dragover', onDragOver);
    target.removeEventListener('drop', onDrop);
  };
}

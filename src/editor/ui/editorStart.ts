// What the editor opens with: the app's state machine hands one over (title Create, `?edit`, the
// level select's Edit a copy, a shared link) and the editor chunk acts on it. Types only, so the
// app can name it without loading the chunk.

export type EditorStart =
  /** The level edited last (or a new empty one): Create on the title, `?edit`. */
  | { kind: 'resume' }
  /** A copy of a level file (a campaign level, a dropped file, a shared link's Edit a copy). */
  | { kind: 'copy'; text: string; file: string }
  /** A shared link's fragment (`level=...`): the editor shows the level with Play and Edit a copy. */
  | { kind: 'link'; fragment: string };

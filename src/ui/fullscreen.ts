// Fullscreen for the whole game: the settings screen's row and Alt+Enter anywhere. The browser may
// refuse (no user gesture, an iframe, iPhone Safari): that is a message, never a thrown error.

/** True while the document (or an element in it) is fullscreen. */
export function isFullscreen(doc: Document = document): boolean {
  return doc.fullscreenElement != null;
}

/**
 * Enters or leaves fullscreen. Browsers refuse without a user gesture, inside some iframes, or not
 * at all (iPhone Safari): the returned promise then resolves to a message instead of throwing.
 */
export async function toggleFullscreen(target: HTMLElement, doc: Document = document): Promise<string | null> {
  try {
    if (isFullscreen(doc)) await doc.exitFullscreen();
    else if (typeof target.requestFullscreen === 'function') await target.requestFullscreen();
    else return 'This browser cannot show the game fullscreen.';
    return null;
  } catch (e) {
    return `The browser refused fullscreen${e instanceof Error && e.message ? ` (${e.message})` : ''}.`;
  }
}

/** Alt+Enter toggles fullscreen anywhere in the game; `onError` gets the browser's refusal. */
export function installFullscreenKey(win: Window, target: HTMLElement, onError: (message: string) => void): () => void {
  const onKey = (e: KeyboardEvent): void => {
    if (!e.altKey || e.repeat || (e.code !== 'Enter' && e.code !== 'NumpadEnter')) return;
    e.preventDefault();
    void toggleFullscreen(target, win.document).then((message) => {
      if (message) onError(message);
    });
  };
  win.addEventListener('keydown', onKey);
  return () => win.removeEventListener('keydown', onKey);
}

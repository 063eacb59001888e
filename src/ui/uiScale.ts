// Menus, HUD and messages sized for the window: drawn for 1280x720, they grow with the window
// (1920x1080 x1.5, 2560x1440 x2, 3840x2160 x3) so text stays readable from a sofa on a TV, and
// never shrink below that size (small windows scroll their panels instead; see screens.css).
// The factor is the CSS custom property --ui-zoom on <html>; the game's screens, the HUD and the
// banners apply it with CSS `zoom` (and divide their vw/vh sizes by it, since zoom scales those too).
// The canvas and the level editor are not zoomed: the game world has its own camera, and the
// editor is a desk tool at its own size.

/** The window size the UI is drawn for, CSS px. */
export const UI_BASE = { width: 1280, height: 720 } as const;
/** Largest factor: beyond 4K the UI would only grow into the picture. */
const MAX_UI_ZOOM = 4;

/** The UI's zoom for a window of `width` x `height` CSS px: 1 up to 1280x720, then the smaller of the two ratios. */
export function uiZoomFor(width: number, height: number): number {
  if (!(width > 0) || !(height > 0)) return 1;
  const ratio = Math.min(width / UI_BASE.width, height / UI_BASE.height);
  // Hundredths: a factor like 1.3333 would put text on fractional pixels for nothing.
  return Math.min(MAX_UI_ZOOM, Math.max(1, Math.floor(ratio * 100) / 100));
}

/**
 * Keeps --ui-zoom on `doc`'s root in step with `win`'s size, and tells `onChange` (the game's camera
 * scales its zoom range by the same factor); returns a function that stops it.
 */
export function installUiZoom(win: Window, doc: Document, onChange?: (zoom: number) => void): () => void {
  let last = 0;
  const apply = (): void => {
    const zoom = uiZoomFor(win.innerWidth, win.innerHeight);
    if (zoom === last) return;
    last = zoom;
    doc.documentElement.style.setProperty('--ui-zoom', String(zoom));
    onChange?.(zoom);
  };
  apply();
  win.addEventListener('resize', apply);
  return () => win.removeEventListener('resize', apply);
}

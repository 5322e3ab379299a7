/** The scroll body's default height: the viewport less the page's header, toolbar and margins. */
export const VIEWPORT_OFFSET_PX = 260;
/** Its minimum height (.scroll in data-table.module.css). */
const MIN_BODY_PX = 200;

/**
 * The scroll body's height before it is measured, so the first render already has the rows that fit: a guess that
 * differs from the measured height re-renders the rows once more before the first paint, and lays out the page
 * again (issue 18). A height given as another CSS expression, or no window (tests), keeps a default viewport.
 */
export function expectedBodyHeight(height: number | string | undefined): number {
  if (typeof height === 'number') return height;
  const viewport = typeof window === 'undefined' ? 0 : window.innerHeight;
  if (height !== undefined || viewport <= 0) return 720;
  return Math.max(viewport - VIEWPORT_OFFSET_PX, MIN_BODY_PX);
}

/** Scrolls the body back to its first row (a new search starts at its first match). */
export function scrollToTop(element: HTMLElement): void {
  element.scrollTop = 0;
}

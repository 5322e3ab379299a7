// Scripts the benchmark installs in every page before the console loads. They record, in the page's own clock
// (performance.now(), 0 = navigation start), when rows first reach the screen, long tasks, and frame times.

/** Installed with addInitScript; exposes window.__bench. Plain JS in a string: it runs in the browser. */
export const PROBES = `
(() => {
  const bench = { firstRowAt: undefined, usableAt: undefined, longTasks: [], frames: [], isRecording: false };
  window.__bench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  // "On screen" = the first animation frame after the DOM change, once that frame has been painted.
  const afterPaint = (record) => requestAnimationFrame(() => setTimeout(() => record(performance.now()), 0));
  const observer = new MutationObserver(() => {
    if (bench.firstRowAt !== undefined || bench.pendingRow) return;
    if (document.querySelector('tr[data-row-id]')) {
      bench.pendingRow = true;
      afterPaint((at) => (bench.firstRowAt = at));
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  const isSplashGone = () => {
    const splash = document.getElementById('splash');
    if (!splash) return true;
    const style = getComputedStyle(splash);
    return style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0;
  };
  const frame = (now) => {
    if (bench.isRecording) bench.frames.push(now);
    if (bench.usableAt === undefined) {
      const input = document.querySelector('form input');
      if (input && !input.disabled && isSplashGone()) bench.usableAt = now;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
`;

/** Resolves (in the page) once `check` holds after a DOM change, with the time of the next painted frame. */
export const WAIT_FOR_ROWS = `
window.__waitForRows = (check) => new Promise((resolve) => {
  const test = () => {
    const rows = [...document.querySelectorAll('tr[data-row-id]')].map((row) => row.textContent || '');
    return check(rows);
  };
  const done = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
  if (test()) return done();
  const observer = new MutationObserver(() => {
    if (!test()) return;
    observer.disconnect();
    done();
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
});
`;

import type { Page } from '@playwright/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/**
 * Runs `action` under the DevTools CPU profiler and returns the functions with the most self time: where the
 * seconds of a slow page go (BENCH_PROFILE=1 prints this before the timed runs).
 */
export async function profileTopFunctions(
  page: Page,
  action: () => Promise<void>,
  top = 15,
): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await action();
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.detach();
  const byId = new Map<number, ProfileNode>((profile.nodes as ProfileNode[]).map((node) => [node.id, node]));
  const selfMs = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url.split('/').pop() ?? '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + (deltas[index] ?? 0) / 1000);
  });
  return [...selfMs.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, ms]) => `${ms.toFixed(0).padStart(6)} ms  ${key}`);
}

/** Layout, style, script and task time spent during `action` (DevTools Performance domain), in ms. */
export async function renderingMetrics(page: Page, action: () => Promise<void>): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const read = async () =>
    new Map((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const before = await read();
  await action();
  const after = await read();
  await cdp.detach();
  const names = [
    'TaskDuration',
    'ScriptDuration',
    'LayoutDuration',
    'RecalcStyleDuration',
    'LayoutCount',
    'RecalcStyleCount',
    'Nodes',
  ];
  return names
    .map((name) => {
      const delta = (after.get(name) ?? 0) - (before.get(name) ?? 0);
      return `${name}=${name.endsWith('Duration') ? `${(delta * 1000).toFixed(0)} ms` : delta.toFixed(0)}`;
    })
    .join(', ');
}

import { expect, test } from '@playwright/test';
import { joinHosts, peer, report, type Agent } from './agent-helpers.ts';
import { signIn } from './helpers.ts';
import { readToken } from './shell-helpers.ts';

// A name of its own per attempt, so a retry does not meet the network the first attempt made.
const NET = `graph-${Date.now().toString(36)}`;

test.describe('network graph (issue 41)', () => {
  let agents: Agent[] = [];
  test.afterAll(async () => {
    for (const agent of agents) await agent.client?.endAsync();
  });

  test('when an agent reports an unreachable peer, the graph draws the nodes and that problem pair, and a later slow pair joins it live without a reload', async ({
    page,
  }) => {
    await signIn(page);
    agents = await joinHosts(
      page.request,
      await readToken(page),
      NET,
      `100.97.${100 + (Date.now() % 100)}.0/24`,
      ['graph-a', 'graph-b', 'graph-c'],
    );
    const [a, b, c] = agents as [Agent, Agent, Agent];
    await report(a, [peer(b, false), peer(c, true)]);

    await page.goto(`/networks/${NET}/graph`);
    await expect(page.getByRole('heading', { name: 'Graph' })).toBeVisible();
    await expect(page.getByTestId('graph-canvas').locator('canvas').first()).toBeVisible();
    await expect(page.getByTestId('graph-counts')).toHaveText('3 nodes, 1 edges, 1 problem pairs');
    // Any reload from here on would drop this marker.
    await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));

    await page.getByRole('combobox', { name: 'Search for a device' }).fill('graph-a');
    await page.getByRole('option', { name: 'graph-a' }).click();
    const details = page.getByTestId('graph-details');
    await expect(details.getByText('1 problem pair')).toBeVisible();
    await expect(details.getByText(/graph-b\s+unreachable · no answer through the tunnel/)).toBeVisible();
    await expect(details.getByRole('link', { name: "Open the node's page" })).toBeVisible();

    // The pair to graph-c turns slow: the server announces it on the change stream and the open graph re-reads.
    await report(a, [peer(b, false), peer(c, true, 620)]);
    await expect(page.getByTestId('graph-counts')).toHaveText('3 nodes, 2 edges, 2 problem pairs');
    await expect(details.getByText(/graph-c\s+620 ms/)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
  });
});

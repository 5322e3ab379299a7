import { expect as baseExpect, test, type Request } from '@playwright/test';
import { signIn } from './helpers.ts';
import {
  SCALE_ADMIN,
  SCALE_HOSTS,
  hostName,
  renderedNames,
  scaleToken,
  wheelToRow,
} from './scale-helpers.ts';

// The list pattern at 10,000 rows (issue 18): what a user sees, never how fast (the benchmark measures that).
// Generous waits: a loaded CI machine may take seconds to serve and render 10,000 rows; nothing here is timed.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });
let token: string;
test.beforeAll(async ({ request }) => {
  token = await scaleToken(request);
});
test.beforeEach(async ({ page }) => {
  await signIn(page, SCALE_ADMIN.username, SCALE_ADMIN.password);
});

test.describe('nodes page with 10,000 nodes', () => {
  test('when searching, then exactly the matching rows show and the URL keeps the search across a reload', async ({
    page,
  }) => {
    await page.goto('/networks/scale/nodes');
    const table = page.getByRole('table', { name: 'Nodes' });
    await expect(table).toHaveAttribute('aria-rowcount', String(SCALE_HOSTS));
    await page.getByRole('textbox', { name: /Search/ }).fill('host-00012');
    await expect(table).toHaveAttribute('aria-rowcount', '10');
    const expected = Array.from({ length: 10 }, (_, i) => hostName(120 + i));
    await expect.poll(() => renderedNames(page, 'Nodes')).toEqual(expected);
    await expect(page).toHaveURL(/search=host-00012/);

    await page.getByRole('textbox', { name: /Search/ }).fill('host-000123');
    await expect.poll(() => renderedNames(page, 'Nodes')).toEqual([hostName(123)]);
    await page.reload();
    await expect(page.getByRole('textbox', { name: /Search/ })).toHaveValue('host-000123');
    await expect.poll(() => renderedNames(page, 'Nodes')).toEqual([hostName(123)]);
  });

  test('when sorted descending through the header, then the URL keeps the sort and the last host comes first', async ({
    page,
  }) => {
    await page.goto('/networks/scale/nodes');
    await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
    await expect(page).toHaveURL(/sort=-name/);
    await expect.poll(async () => (await renderedNames(page, 'Nodes'))[0]).toBe(hostName(SCALE_HOSTS - 1));
    await page.reload();
    await expect.poll(async () => (await renderedNames(page, 'Nodes'))[0]).toBe(hostName(SCALE_HOSTS - 1));
  });

  test('when scrolled with the wheel to the end, then the last row is on screen', async ({ page }) => {
    await page.goto('/networks/scale/nodes');
    await expect(page.getByRole('row').filter({ hasText: hostName(0) })).toBeVisible();
    await wheelToRow(page, 'Nodes', hostName(SCALE_HOSTS - 1));
  });

  test('when one node changes through the API, then its row shows the change without re-reading the list', async ({
    page,
    request,
  }) => {
    // Every row is asked for once the first rows have painted: the page is "open with 10,000 rows" after that.
    const wholeList = page.waitForResponse((answer) => {
      const url = new URL(answer.url());
      return url.pathname === '/api/console/nodes/scale' && url.search === '';
    });
    await page.goto('/networks/scale/nodes');
    const row = page.getByRole('row').filter({ hasText: hostName(0) });
    await expect(row).toBeVisible();
    await wholeList;
    const nodes = (await (
      await request.get('/api/console/nodes/scale?search=scale-host-000000', {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as { items: { id: string }[] };
    const nodeId = nodes.items[0]?.id ?? '';
    const fullReads: string[] = [];
    const onRequest = (sent: Request) => {
      const url = new URL(sent.url());
      if (
        url.pathname === '/api/console/nodes/scale' &&
        !url.searchParams.has('ids') &&
        !url.searchParams.has('host')
      )
        fullReads.push(url.href);
      if (
        url.pathname === '/api/nodes/scale' ||
        url.pathname === '/api/nodes' ||
        url.pathname === '/api/hosts'
      )
        fullReads.push(url.href);
    };
    page.on('request', onRequest);
    const address = `10.111.${Math.floor(Math.random() * 200)}.7`;
    const changed = await request.put(`/api/nodes/scale/${nodeId}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { address },
    });
    expect(changed.status()).toBe(200);
    await expect(row).toContainText(address);
    page.off('request', onRequest);
    expect(fullReads).toEqual([]);
  });
});

test.describe('devices page with 10,000 hosts', () => {
  test('when searching, then exactly the matching devices show; the access tab keeps the search in the URL', async ({
    page,
  }) => {
    await page.goto('/devices');
    const table = page.getByRole('table', { name: 'Devices' });
    await expect(table).toHaveAttribute('aria-rowcount', String(SCALE_HOSTS));
    await page.getByRole('textbox', { name: /Search/ }).fill('host-00998');
    await expect(table).toHaveAttribute('aria-rowcount', '10');
    await expect
      .poll(() => renderedNames(page, 'Devices'))
      .toEqual(Array.from({ length: 10 }, (_, i) => hostName(9980 + i)));
    await page.getByRole('tab', { name: 'Network access' }).click();
    await expect(page).toHaveURL(/tab=access/);
    await expect(page).toHaveURL(/search=host-00998/);
  });

  test('when scrolled with the wheel to the end, then the last device is on screen', async ({ page }) => {
    await page.goto('/devices');
    await expect(page.getByRole('row').filter({ hasText: hostName(0) })).toBeVisible();
    await wheelToRow(page, 'Devices', hostName(SCALE_HOSTS - 1));
  });
});

import { expect, test, type Page } from '@playwright/test';
import { arrangeNetwork, nodeIds } from './access-helpers.ts';
import { signIn } from './helpers.ts';
import { readToken } from './shell-helpers.ts';

const suffix = Date.now().toString(36);
const networkId = `e2e-acl-${suffix}`;
const denyNetworkId = `e2e-deny-${suffix}`;
const [hostA, hostB, hostC] = ['a', 'b', 'c'].map((letter) => `acl-${letter}-${suffix}`) as [
  string,
  string,
  string,
];

async function openPolicyMenu(page: Page, name: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
}

test.describe.serial('access control', () => {
  let token = '';

  test('when an admin edits the old matrix, then the cut pair shows before the save and the matrix keeps it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page);
    token = await readToken(page);
    await arrangeNetwork(page.request, token, networkId, [hostA, hostB, hostC]);

    await page.goto(`/networks/${networkId}/old-acls`);
    const grid = page.getByRole('grid', { name: 'Access matrix' });
    await grid.getByRole('gridcell', { name: `${hostA} and ${hostB}: allowed` }).click();
    await expect(page.getByText('1 pair changed')).toBeVisible();
    await page.getByRole('button', { name: 'Submit changes' }).click();
    const review = page.getByRole('dialog', { name: 'Submit matrix changes' });
    await expect(review.getByText(`Cuts ${hostA} <-> ${hostB}`)).toBeVisible();
    await review.getByRole('button', { name: 'Submit changes' }).click();
    await expect(review).toHaveCount(0);
    await expect(grid.getByRole('gridcell', { name: `${hostA} and ${hostB}: denied` })).toBeVisible();

    const ids = await nodeIds(page.request, token, networkId);
    const matrix = (await (
      await page.request.get(`/api/networks/${networkId}/acls`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as Record<string, Record<string, number>>;
    expect(matrix[ids[hostA] ?? '']?.[ids[hostB] ?? '']).toBe(1);
    expect(matrix[ids[hostA] ?? '']?.[ids[hostC] ?? '']).toBe(2);
  });

  test('when an admin turns the default policy off and adds one, then each save shows what it cuts and opens', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await page.goto(`/networks/${networkId}/access-control`);
    const table = page.getByRole('table', { name: 'Access policies' });
    const off = page.getByRole('dialog', { name: 'Turn policy off' });
    // Clicked again until the dialog opens: a click on the switch as the table first draws can go unheard (a
    // clean-clone CI run found no dialog open after it; passed on retry). The switch only opens the dialog.
    await expect(async () => {
      if (!(await off.isVisible()))
        await table.getByRole('switch', { name: 'Active: All Nodes' }).click({ force: true });
      await expect(off).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    // A <-> B is already cut by the matrix: only the pairs with C lose access.
    await expect(off.getByText(`Cuts ${hostA} <-> ${hostC}`)).toBeVisible();
    await off.getByRole('button', { name: 'Save' }).click();
    await expect(off).toHaveCount(0);

    await page.getByRole('button', { name: 'Add policy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add policy' });
    await dialog.getByRole('textbox', { name: /Rule name/ }).fill('a to c https');
    await dialog.getByLabel('Source').first().click();
    await page.getByRole('option', { name: hostA }).click();
    // A multi-select keeps its list open after a pick: a click elsewhere in the dialog closes it.
    await dialog.getByRole('heading', { name: 'Add policy' }).click();
    await dialog.getByLabel('Destination').first().click();
    await page.getByRole('option', { name: hostC }).click();
    await dialog.getByRole('heading', { name: 'Add policy' }).click();
    await dialog.getByRole('combobox', { name: 'Service' }).click();
    await page.getByRole('option', { name: 'HTTPS (tcp/443)' }).click();
    await dialog.getByRole('button', { name: 'Review impact' }).click();
    await expect(dialog.getByText(`Opens ${hostA} <-> ${hostC} (tcp/443)`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(table.getByText('a to c https')).toBeVisible();
  });

  test('when an admin asks why two nodes reach each other, then the verdict each way and what decides it show', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page);
    await page.goto(`/networks/${networkId}/access-control`);
    await page.getByRole('button', { name: 'Why?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Why can one node reach another?' });
    const choose = async (label: string, host: string) => {
      await dialog.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: host, exact: true }).click();
    };
    // A and C: the policy saved above opens https both ways.
    await choose('From', hostA);
    await choose('To', hostC);
    const answer = dialog.getByRole('region', { name: 'Why can one node reach another?' });
    await expect(answer.getByText(`${hostA} can open tcp/443 toward ${hostC}`)).toBeVisible();
    await expect(answer.getByText(`${hostC} can open tcp/443 toward ${hostA}`)).toBeVisible();
    await expect(answer.getByText('a to c https')).toBeVisible();
    await expect(answer.getByText('The default All Nodes policy is off.')).toBeVisible();
    // A and B: the matrix cell set in the first test decides, whatever the policies say.
    await choose('To', hostB);
    await expect(answer.getByText(`${hostA} cannot open anything toward ${hostB}`)).toBeVisible();
    await expect(
      answer.getByText('The old matrix denies this pair; it overrides every policy.'),
    ).toBeVisible();
  });

  test('when a change would break a check, then the broken pair is named and the change cannot be saved', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const ids = await nodeIds(page.request, token, networkId);
    const check = await page.request.post('/api/v1/acls/assertions', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        network_id: networkId,
        name: 'a reaches c',
        from: { id: 'device', value: ids[hostA] },
        to: { id: 'device', value: ids[hostC] },
        expect: 'reach',
        protocol: 'tcp',
        port: 443,
      },
    });
    expect(check.ok(), await check.text()).toBe(true);

    await page.goto(`/networks/${networkId}/access-control`);
    await expect(page.getByRole('table', { name: 'Access checks' }).getByText('a reaches c')).toBeVisible();
    await openPolicyMenu(page, 'a to c https');
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove policy' });
    await expect(dialog.getByText(/“a reaches c” \(must reach\) breaks for 1 pair:/)).toBeVisible();
    await expect(dialog.getByText(`${hostA} -> ${hostC}`, { exact: false })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Remove' })).toBeDisabled();
  });

  test('when an admin adds a DNS entry for a node address, then it is listed beside the automatic ones', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page);
    await page.goto(`/networks/${networkId}/dns`);
    const table = page.getByRole('table', { name: 'DNS entries' });
    await expect(table.getByText(`${hostA}.${networkId}`)).toBeVisible();
    await page.getByRole('button', { name: 'Add DNS entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create DNS entry' });
    await dialog.getByRole('textbox', { name: /DNS name/ }).fill(`db.${networkId}`);
    await dialog.getByRole('combobox', { name: /Address to alias/ }).click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('button', { name: 'Create entry' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(table.getByText(`db.${networkId}`)).toBeVisible();
    await expect(table.getByRole('button', { name: `Delete ${hostA}.${networkId}` })).toBeDisabled();
  });

  test('when a network is created with default DENY, then its nodes page says nothing is allowed and offers the first policy', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page);
    await arrangeNetwork(page.request, token, denyNetworkId, [], true);
    await page.goto(`/networks/${denyNetworkId}/nodes`);
    await expect(page.getByText('Nothing is allowed in this network yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add the first policy' }).click();
    await expect(page).toHaveURL(new RegExp(`/networks/${denyNetworkId}/access-control\\?add=true`));
    await expect(page.getByRole('dialog', { name: 'Add policy' })).toBeVisible();
  });
});

import { expect, test } from '@playwright/test';
import { arrangeNetwork } from './access-helpers.ts';
import { signIn } from './helpers.ts';
import { apiLogin } from './shell-helpers.ts';

const SUPER = { username: 'pro-admin', password: 'pro-secret-password' };
const suffix = Date.now().toString(36);
const networkId = `e2e-tag-${suffix}`;
const [hostA, hostB] = [`tag-a-${suffix}`, `tag-b-${suffix}`];

// The Pro server starts empty: its super admin (shared with the other Pro specs) and a network with two hosts.
test.beforeAll(async ({ request }) => {
  if ((await (await request.get('/api/users/adm/hassuperadmin')).json()) === false) {
    expect((await request.post('/api/users/adm/createsuperadmin', { data: SUPER })).status()).toBe(200);
  }
  const token = await apiLogin(request, SUPER.username, SUPER.password);
  await arrangeNetwork(request, token, networkId, [hostA, hostB]);
});

test.describe('tag manager', () => {
  test('when an admin creates a tag with a device and renames it, then the rename shows its impact and the table follows', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, SUPER.username, SUPER.password);
    await page.goto(`/networks/${networkId}/tag-manager`);
    await page.getByRole('button', { name: 'Add tag' }).click();
    const create = page.getByRole('dialog', { name: 'Create tag' });
    await create.getByRole('textbox', { name: /Tag name/ }).fill('web servers');
    await create.getByLabel('Grouped devices').first().click();
    await page.getByRole('option', { name: hostA }).click();
    // A multi-select keeps its list open after a pick: a click elsewhere in the dialog closes it.
    await create.getByRole('heading', { name: 'Create tag' }).click();
    await create.getByRole('button', { name: 'Create tag' }).click();
    await expect(create).toHaveCount(0);
    const table = page.getByRole('table', { name: 'Tags' });
    await expect(table.getByText('web servers')).toBeVisible();

    await table.getByRole('button', { name: 'Actions for tag web servers' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit tag web servers' });
    await edit.getByRole('textbox', { name: /Tag name/ }).fill('frontends');
    await edit.getByRole('button', { name: 'Review impact' }).click();
    // No policy names the tag: renaming it changes nobody's access, and the panel says so.
    await expect(edit.getByText("Nobody's access changes.")).toBeVisible();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toHaveCount(0);
    await expect(table.getByText('frontends')).toBeVisible();
    await expect(table.getByText('web servers')).toHaveCount(0);
  });
});

// @vitest-environment jsdom
import { contract, type AdminUser } from '@site/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBody, stubApi } from '../../testing/api-stub.ts';
import { aUser, renderScreen } from '../../testing/render.tsx';
import UserSearchPage from './UserSearchPage.tsx';

const admin = aUser({ permissions: ['admin', 'files'] });
const bob: AdminUser = {
  userId: '6a1b2c3d-8d1b-4c8e-9a57-1f2d3c4b5a69',
  emailAddress: 'bob@example.com',
  isEmailVerified: false,
  permissions: [],
};
const permissions = [
  { name: 'admin', description: 'Administer the site' },
  { name: 'files', description: 'Use the file store' },
];

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi();
  api.on(contract.admin.permissions, { status: 200, body: permissions });
  api.on(contract.admin.findUser, { status: 200, body: bob });
});
afterEach(cleanup);

/** Renders the page as the admin and looks bob up. */
async function findBob() {
  const view = renderScreen(<UserSearchPage />, admin);
  await view.user.type(screen.getByLabelText('User email address:'), 'bob@example.com');
  await view.user.click(screen.getByRole('button', { name: 'Search' }));
  await screen.findByText(bob.userId);
  return view;
}

describe('admin user search', () => {
  it('tells a member without the admin permission that the page requires it', () => {
    renderScreen(<UserSearchPage />, aUser());
    expect(screen.getByRole('alert').textContent).toBe('Requires admin access');
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
  });

  it('shows the found user with one box per permission, the admin box fixed', async () => {
    await findBob();
    expect(api.sentTo(contract.admin.findUser)[0]?.body).toEqual({ emailAddress: 'bob@example.com' });
    const files = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'files' });
    expect(files.checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'admin' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Verified' }).checked).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Log in as this user' }).disabled).toBe(
      false,
    );
  });

  it('says No result for an address without an account', async () => {
    api.on(contract.admin.findUser, { status: 200, body: null });
    const view = renderScreen(<UserSearchPage />, admin);
    await view.user.type(screen.getByLabelText('User email address:'), 'nobody@example.com');
    await view.user.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('status')).textContent).toBe('No result');
  });

  it('grants a permission and shows the box checked from the answer', async () => {
    api.on(contract.admin.setPermissions, { status: 200, body: { ...bob, permissions: ['files'] } });
    const view = await findBob();
    await view.user.click(await screen.findByRole('checkbox', { name: 'files' }));
    await expect
      .poll(() => screen.getByRole<HTMLInputElement>('checkbox', { name: 'files' }).checked)
      .toBe(true);
    expect(api.sentTo(contract.admin.setPermissions).map((r) => r.body)).toEqual([
      { userId: bob.userId, permissions: { files: true } },
    ]);
  });

  it('marks the address verified', async () => {
    api.on(contract.admin.setEmailVerification, { status: 200, body: { ...bob, isEmailVerified: true } });
    const view = await findBob();
    await view.user.click(screen.getByRole('checkbox', { name: 'Verified' }));
    await expect
      .poll(() => screen.getByRole<HTMLInputElement>('checkbox', { name: 'Verified' }).checked)
      .toBe(true);
    expect(api.sentTo(contract.admin.setEmailVerification)[0]?.body).toEqual({
      emailAddress: bob.emailAddress,
      isVerified: true,
    });
  });

  it("shows the server's reason when a change is refused, and leaves the box as it was", async () => {
    api.on(contract.admin.setPermissions, { status: 404, body: errorBody('not_found', 'No such user') });
    const view = await findBob();
    await view.user.click(await screen.findByRole('checkbox', { name: 'files' }));
    const user = screen.getByText(bob.userId).closest('div')!;
    expect((await within(user).findByRole('alert')).textContent).toBe('No such user');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'files' }).checked).toBe(false);
  });

  it('offers no Log in as for another admin', async () => {
    api.on(contract.admin.findUser, { status: 200, body: { ...bob, permissions: ['admin'] } });
    await findBob();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Log in as this user' }).disabled).toBe(
      true,
    );
  });
});

// @vitest-environment jsdom
import { contract, type AdminUser, type MemberRow } from '@site/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, stubApi } from '../../testing/api-stub.ts';
import { aUser, renderScreen } from '../../testing/render.tsx';
import UserSearchPage from './UserSearchPage.tsx';

const admin = aUser({ permissions: ['admin', 'files'] });
const bob: AdminUser = {
  userId: '6a1b2c3d-8d1b-4c8e-9a57-1f2d3c4b5a69',
  emailAddress: 'bob@example.com',
  isEmailVerified: false,
  permissions: [],
  storage: { usedBytes: 1_500_000_000, quotaBytes: 200_000_000, ownQuotaBytes: null },
  secondFactor: false,
  disabled: false,
};
const bobRow: MemberRow = {
  userId: bob.userId,
  emailAddress: bob.emailAddress,
  displayName: 'Bobby',
  permissions: [],
  usedBytes: 1_500_000_000,
  lastSeenAt: null,
  secondFactor: false,
  disabled: false,
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
  api.on(contract.admin.settings, { status: 200, body: { adminsNeedSecondFactor: false } });
  api.on(contract.admin.users, { status: 200, body: { users: [bobRow], next: null } });
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

  it('offers no Log in as for another admin, and says why', async () => {
    api.on(contract.admin.findUser, { status: 200, body: { ...bob, permissions: ['admin'] } });
    await findBob();
    const logInAs = screen.getByRole<HTMLButtonElement>('button', { name: 'Log in as this user' });
    expect(logInAs.disabled).toBe(true);
    const reason = screen.getByText('Admins cannot act as another admin.');
    expect(logInAs.getAttribute('aria-describedby')).toBe(reason.id);
  });

  it("says an admin's own account is their own rather than another admin's", async () => {
    const self = { ...bob, userId: admin.userId, permissions: ['admin'] };
    api.on(contract.admin.findUser, { status: 200, body: self });
    const view = renderScreen(<UserSearchPage />, admin);
    await view.user.type(screen.getByLabelText('User email address:'), 'me@example.com');
    await view.user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText(admin.userId);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Log in as this user' }).disabled).toBe(
      true,
    );
    expect(screen.getByText('This is your own account.')).toBeTruthy();
  });

  it('offers no Log in as for a disabled account, and says how to act as it', async () => {
    api.on(contract.admin.findUser, { status: 200, body: { ...bob, disabled: true } });
    await findBob();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Log in as this user' }).disabled).toBe(
      true,
    );
    expect(screen.getByText('Enable the account again to act as it.')).toBeTruthy();
  });

  it("shows the user's storage and sets their own quota in GB, then back to the default", async () => {
    const own = {
      ...bob,
      storage: { ...bob.storage, quotaBytes: 2_500_000_000, ownQuotaBytes: 2_500_000_000 },
    };
    api.on(contract.admin.setStorageQuota, { status: 200, body: own });
    const view = await findBob();
    expect(screen.getByText(/1\.5 GB of 200 MB used/)).toBeTruthy();
    await view.user.type(screen.getByLabelText('Own quota in GB'), '2.5');
    await view.user.click(screen.getByRole('button', { name: 'Set quota' }));
    expect(await screen.findByText(/1\.5 GB of 2\.5 GB used/)).toBeTruthy();
    api.on(contract.admin.setStorageQuota, { status: 200, body: bob });
    await view.user.click(screen.getByRole('button', { name: 'Use default' }));
    expect(await screen.findByText(/1\.5 GB of 200 MB used/)).toBeTruthy();
    expect(api.sentTo(contract.admin.setStorageQuota).map((r) => r.body)).toEqual([
      { userId: bob.userId, quotaBytes: 2_500_000_000 },
      { userId: bob.userId, quotaBytes: null },
    ]);
    expect(screen.getByLabelText<HTMLInputElement>('Own quota in GB').value).toBe('');
  });

  it('refuses a quota that is not a number without asking the server', async () => {
    const view = await findBob();
    await view.user.type(screen.getByLabelText('Own quota in GB'), 'lots');
    await view.user.click(screen.getByRole('button', { name: 'Set quota' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a number of GB, 0 or more');
    expect(api.sentTo(contract.admin.setStorageQuota)).toEqual([]);
  });

  it('shows the member whose Details is chosen in User Search, scrolled to above the list', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const view = renderScreen(<UserSearchPage />, admin);
    const row = await screen.findByRole('listitem', { name: bob.emailAddress });
    await view.user.click(within(row).getByRole('button', { name: 'Details' }));
    await screen.findByText(bob.userId);
    expect(screen.getByLabelText<HTMLInputElement>('User email address:').value).toBe(bob.emailAddress);
    expect(api.sentTo(contract.admin.findUser).map((r) => r.body)).toEqual([
      { emailAddress: bob.emailAddress },
    ]);
    expect(scrolled.mock.contexts[0]).toBe(screen.getByText('User Search').closest('details'));
  });

  it("shows the newest look-up when an older one's answer comes later", async () => {
    Element.prototype.scrollIntoView = vi.fn();
    const ann: AdminUser = {
      ...bob,
      userId: '7b2c3d4e-9e2c-4d9f-8b68-2a3e4d5c6b70',
      emailAddress: 'ann@x.example',
    };
    let answerBob = () => {};
    const bobAnswered = new Promise<void>((resolve) => (answerBob = resolve));
    api.on(contract.admin.findUser, async (body) => {
      if ((body as { emailAddress: string }).emailAddress !== bob.emailAddress)
        return { status: 200, body: ann };
      await bobAnswered;
      return { status: 200, body: bob };
    });
    api.on(contract.admin.users, { status: 200, body: { users: [{ ...bobRow, ...ann }], next: null } });
    const view = renderScreen(<UserSearchPage />, admin);
    await view.user.type(screen.getByLabelText('User email address:'), bob.emailAddress);
    await view.user.click(screen.getByRole('button', { name: 'Search' }));
    const row = await screen.findByRole('listitem', { name: ann.emailAddress });
    await view.user.click(within(row).getByRole('button', { name: 'Details' }));
    await screen.findByText(ann.userId);
    answerBob();
    await expect.poll(() => api.sentTo(contract.admin.findUser).length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(bob.userId)).toBeNull();
    expect(screen.getByText(ann.userId)).toBeTruthy();
  });

  it("lists every member's storage once the Storage section is opened", async () => {
    api.on(contract.admin.storage, {
      status: 200,
      body: [
        {
          userId: bob.userId,
          emailAddress: 'bob@example.com',
          displayName: 'Bob',
          usedBytes: 3_000_000,
          quotaBytes: 5_000_000,
        },
      ],
    });
    const view = renderScreen(<UserSearchPage />, admin);
    expect(api.sentTo(contract.admin.storage)).toEqual([]);
    await view.user.click(screen.getByText('Storage'));
    expect(await screen.findByText('Bob')).toBeTruthy();
    expect(screen.getByText('3 MB')).toBeTruthy();
    expect(screen.getByText('5 MB')).toBeTruthy();
  });

  it("sends an admin the site asks for a second factor to their profile, with the server's words", async () => {
    const message = 'This site requires admins to use a second factor: add one first';
    api.on(contract.admin.settings, { status: 403, body: errorBody('second_factor_required', message) });
    renderScreen(<UserSearchPage />, admin);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('link', { name: 'Add a second factor in your profile' })).toBeTruthy();
    expect(screen.queryByLabelText('User email address:')).toBeNull();
  });

  it('turns on the rule that admins must use a second factor', async () => {
    api.on(contract.admin.updateSettings, { status: 200, body: { adminsNeedSecondFactor: true } });
    const view = renderScreen(<UserSearchPage />, admin);
    await view.user.click(await screen.findByLabelText(/Admins must use a second factor/));
    expect(api.sentTo(contract.admin.updateSettings).map((r) => r.body)).toEqual([
      { adminsNeedSecondFactor: true },
    ]);
  });
});

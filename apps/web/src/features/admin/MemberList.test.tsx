// @vitest-environment jsdom
import { contract, type AdminUser, type MemberRow } from '@site/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../testing/api-stub.ts';
import { aUser, renderScreen } from '../../testing/render.tsx';
import { MemberList } from './MemberList.tsx';

const admin = aUser({ permissions: ['admin', 'files'] });
const row = (name: string, extra: Partial<MemberRow> = {}): MemberRow => ({
  userId: `6a1b2c3d-8d1b-4c8e-9a57-1f2d3c4b5a${String(name.length).padStart(2, '0')}`,
  emailAddress: `${name.toLowerCase()}@example.com`,
  displayName: name,
  permissions: [],
  usedBytes: 0,
  lastSeenAt: null,
  secondFactor: false,
  disabled: false,
  ...extra,
});
const ann = row('Ann', { usedBytes: 1_500_000, secondFactor: true });
const granny = row('Granny', { lastSeenAt: '2026-03-04T05:06:00.000Z' });

/** The member as the server answers a change made to them. */
const answer = (member: MemberRow): { status: 200; body: AdminUser } => ({
  status: 200,
  body: {
    userId: member.userId,
    emailAddress: member.emailAddress,
    isEmailVerified: true,
    permissions: member.permissions,
    storage: { usedBytes: member.usedBytes, quotaBytes: 1, ownQuotaBytes: null },
    secondFactor: member.secondFactor,
    disabled: member.disabled,
  },
});

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi();
});
afterEach(cleanup);

/** The members the server lists from now on, in one page unless `next` names another. */
const listed = (users: MemberRow[], next: string | null = null) =>
  api.on(contract.admin.users, { status: 200, body: { users, next } });

const openList = () => renderScreen(<MemberList onOpen={vi.fn()} />, admin);

describe('the member list', () => {
  it('shows each member with storage, last seen and second factor, and searches by what is typed', async () => {
    listed([ann, granny]);
    const view = openList();
    const first = await screen.findByRole('listitem', { name: 'ann@example.com' });
    expect(first.textContent).toContain('1.5 MB');
    expect(first.textContent).toContain('Second factorOn');
    expect(first.textContent).toContain('Last seenNever');
    expect(screen.getByRole('listitem', { name: 'granny@example.com' }).textContent).toContain('2026');

    listed([granny]);
    await view.user.type(screen.getByRole('searchbox'), 'gran');
    // The list empties as the search starts, before its request is sent: wait for the request, then its answer.
    await expect.poll(() => api.sentTo(contract.admin.users).at(-1)?.path).toContain('q=gran');
    await screen.findByRole('listitem', { name: 'granny@example.com' });
    expect(screen.queryByRole('listitem', { name: 'ann@example.com' })).toBeNull();
  });

  it('shows the next page on asking, continuing after the cursor it was given', async () => {
    listed([ann], 'cursor-1');
    const view = openList();
    await screen.findByRole('listitem', { name: 'ann@example.com' });
    listed([granny]);
    await view.user.click(screen.getByRole('button', { name: 'Show more members' }));
    await screen.findByRole('listitem', { name: 'granny@example.com' });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(api.sentTo(contract.admin.users).at(-1)?.path).toContain('after=cursor-1');
    expect(screen.queryByRole('button', { name: 'Show more members' })).toBeNull();
  });

  it('disables a member only once confirmed, then shows them disabled; no Disable for oneself', async () => {
    const me = row('Me', { userId: admin.userId, permissions: ['admin'] });
    listed([ann, me]);
    api.on(contract.admin.setDisabled, () => {
      const disabled = { ...ann, disabled: true };
      listed([disabled, me]);
      return answer(disabled);
    });
    const view = openList();
    const item = await screen.findByRole('listitem', { name: 'ann@example.com' });
    const mine = screen.getByRole('listitem', { name: 'me@example.com' });
    expect(within(mine).queryByRole('button', { name: 'Disable' })).toBeNull();

    await view.user.click(within(item).getByRole('button', { name: 'Disable' }));
    expect(api.sentTo(contract.admin.setDisabled)).toHaveLength(0);
    const dialog = await screen.findByRole('dialog');
    await view.user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await within(item).findByText('Disabled');
    expect(api.sentTo(contract.admin.setDisabled).map((r) => [r.path, r.body])).toEqual([
      [`/api/admin/users/${ann.userId}/disabled`, { disabled: true }],
    ]);
    expect(within(item).getByRole('button', { name: 'Enable again' })).toBeTruthy();
  });

  it('resets the second factor of a member who has one, once confirmed, then shows it off', async () => {
    listed([ann, granny]);
    api.on(contract.admin.resetSecondFactors, () => {
      const reset = { ...ann, secondFactor: false };
      listed([reset, granny]);
      return answer(reset);
    });
    const view = openList();
    const item = await screen.findByRole('listitem', { name: 'ann@example.com' });
    const without = screen.getByRole('listitem', { name: 'granny@example.com' });
    expect(within(without).queryByRole('button', { name: 'Reset second factor' })).toBeNull();

    await view.user.click(within(item).getByRole('button', { name: 'Reset second factor' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('the audit log records that you did it');
    expect(api.sentTo(contract.admin.resetSecondFactors)).toHaveLength(0);
    await view.user.click(within(dialog).getByRole('button', { name: 'Reset second factor' }));
    await expect.poll(() => item.textContent).toContain('Second factorOff');
    expect(api.sentTo(contract.admin.resetSecondFactors).map((r) => r.path)).toEqual([
      `/api/admin/users/${ann.userId}/second-factors`,
    ]);
    expect(within(item).queryByRole('button', { name: 'Reset second factor' })).toBeNull();
  });
});

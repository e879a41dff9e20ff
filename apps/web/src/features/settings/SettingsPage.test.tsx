// @vitest-environment jsdom
import { contract } from '@site/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBody, stubApi } from '../../testing/api-stub.ts';
import { aUser, renderScreen } from '../../testing/render.tsx';
import SettingsPage from './SettingsPage.tsx';

const types = {
  album_shared: 'An album is shared with me',
  comment_added: 'Someone comments on my photo',
};

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi();
  api.on(contract.account.notificationTypes, { status: 200, body: types });
});
afterEach(cleanup);

const box = async (label: string) => await screen.findByLabelText<HTMLInputElement>(label);

describe('notification settings', () => {
  it('shows one box per notification type, checked unless the user turned it off', async () => {
    renderScreen(<SettingsPage />, aUser({ disabledNotifications: ['comment_added'] }));
    expect((await box('An album is shared with me')).checked).toBe(true);
    expect((await box('Someone comments on my photo')).checked).toBe(false);
  });

  it('turns a notification off and keeps the box as the server stored it', async () => {
    api.on(contract.account.updateNotifications, {
      status: 200,
      body: aUser({ disabledNotifications: ['album_shared'] }),
    });
    const view = renderScreen(<SettingsPage />);
    await view.user.click(await box('An album is shared with me'));
    await expect.poll(() => api.sentTo(contract.account.updateNotifications).length).toBe(1);
    expect(api.sentTo(contract.account.updateNotifications)[0]?.body).toEqual({ album_shared: true });
    expect((await box('An album is shared with me')).checked).toBe(false);
    expect((await box('Someone comments on my photo')).checked).toBe(true);
  });

  it('turns a notification back on', async () => {
    api.on(contract.account.updateNotifications, { status: 200, body: aUser() });
    const view = renderScreen(<SettingsPage />, aUser({ disabledNotifications: ['comment_added'] }));
    await view.user.click(await box('Someone comments on my photo'));
    await expect.poll(async () => (await box('Someone comments on my photo')).checked).toBe(true);
    expect(api.sentTo(contract.account.updateNotifications)[0]?.body).toEqual({ comment_added: false });
  });

  it('puts the box back when the server refuses the change', async () => {
    api.on(contract.account.updateNotifications, {
      status: 503,
      body: errorBody('unavailable', 'Try later'),
    });
    const view = renderScreen(<SettingsPage />);
    await view.user.click(await box('An album is shared with me'));
    await expect.poll(() => api.sentTo(contract.account.updateNotifications).length).toBe(1);
    await expect.poll(async () => (await box('An album is shared with me')).checked).toBe(true);
  });

  it('says so when the notification types cannot be loaded', async () => {
    api.on(contract.account.notificationTypes, { status: 503, body: errorBody('unavailable', 'Try later') });
    renderScreen(<SettingsPage />);
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'The notification types could not be loaded.',
    );
  });
});

// @vitest-environment jsdom
import { contract } from '@site/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCurrentUser } from '../../api/session.ts';
import { errorBody, stubApi } from '../../testing/api-stub.ts';
import { aUser, renderScreen } from '../../testing/render.tsx';
import VerifyEmailPage from './VerifyEmailPage.tsx';

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi();
});
afterEach(cleanup);

const albumId = '0b7c2f3e-4a5d-4e6f-8a9b-1c2d3e4f5a6b';
const verified = 'Your e-mail address is verified. Thank you!';

/** As the app's frame (app/routes.tsx) does: the screen gives way to a spinner while the current user loads. */
function Frame() {
  const { ready } = useCurrentUser();
  return ready ? <Outlet /> : <p>Loading</p>;
}

function Where() {
  return <p>At {useLocation().pathname}</p>;
}

/** The verification page at its route, inside the frame, under StrictMode as the app runs it. */
const app = (
  <StrictMode>
    <Routes>
      <Route element={<Frame />}>
        <Route path="/verify-email/:token" element={<VerifyEmailPage />} />
        <Route path="*" element={<Where />} />
      </Route>
    </Routes>
  </StrictMode>
);

/** A phone's mail app: no session in this browser, so the page opens for a visitor. */
const openLink = (url = '/verify-email/the-token') => renderScreen(app, null, { url });

const visitor = { status: 401, body: errorBody('unauthorized', 'Not logged in') };

/** `GET /api/me` answers `reply` as over a network: late enough for the frame to draw its spinner meanwhile. */
const meAnswers = (reply: { status: number; body: unknown }) =>
  api.on(contract.account.me, () => new Promise((resolve) => setTimeout(() => resolve(reply), 30)));

const redemptions = () => api.sentTo(contract.account.verifyEmail).map((r) => r.body);

describe('verification link', () => {
  it('redeems the token once and says so, though the frame swaps the page out while it reloads the user', async () => {
    api.on(contract.account.verifyEmail, { status: 204 });
    meAnswers(visitor);
    openLink();
    expect(await screen.findByText(verified)).toBeTruthy();
    expect(api.sentTo(contract.account.me)).toHaveLength(1);
    expect(redemptions()).toEqual([{ token: 'the-token' }]);
  });

  it('redeems the token once however often the page is mounted, unmounted and mounted again', async () => {
    let answer = () => {};
    api.on(
      contract.account.verifyEmail,
      () => new Promise((resolve) => (answer = () => resolve({ status: 204 }))),
    );
    meAnswers(visitor);
    const view = openLink();
    await waitFor(() => expect(redemptions()).toHaveLength(1));
    view.rerender(<p>Elsewhere</p>);
    view.rerender(app);
    answer();
    expect(await screen.findByText(verified)).toBeTruthy();
    view.rerender(<p>Elsewhere</p>);
    view.rerender(app);
    expect(screen.getByText(verified)).toBeTruthy();
    expect(redemptions()).toEqual([{ token: 'the-token' }]);
  });

  it('leads on to the album the link names once the server has signed this browser in', async () => {
    api.on(contract.account.verifyEmail, { status: 204 });
    meAnswers({ status: 200, body: aUser({ isEmailVerified: true }) });
    openLink(`/verify-email/the-token?album=${albumId}`);
    expect(await screen.findByText(`At /albums/${albumId}`)).toBeTruthy();
    expect(redemptions()).toEqual([{ token: 'the-token' }]);
  });

  it('says a used or expired link is invalid, and asks only once', async () => {
    api.on(contract.account.verifyEmail, {
      status: 400,
      body: errorBody('invalid_token', 'This verification link is invalid, has been used, or has expired'),
    });
    openLink();
    expect(await screen.findByText(/This verification link is invalid/)).toBeTruthy();
    expect(redemptions()).toHaveLength(1);
    expect(api.sentTo(contract.account.me)).toEqual([]);
  });

  it('offers to try again when the server cannot check the link just now, and then verifies', async () => {
    api.on(contract.account.verifyEmail, { status: 503, body: errorBody('unavailable', 'Try again soon') });
    meAnswers(visitor);
    const view = openLink();
    const again = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.queryByText(/invalid/)).toBeNull();
    api.on(contract.account.verifyEmail, { status: 204 });
    await view.user.click(again);
    expect(await screen.findByText(verified)).toBeTruthy();
    expect(redemptions()).toHaveLength(2);
  });
});

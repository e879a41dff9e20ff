// @vitest-environment jsdom
import { contract } from '@site/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBody, stubApi } from '../../testing/api-stub.ts';
import { renderScreen } from '../../testing/render.tsx';
import CreateAccountPage from './CreateAccountPage.tsx';

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi();
});
afterEach(cleanup);

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('create account field messages', () => {
  it('shows nothing on untouched fields, then words a short password once left and a mismatch as typed', async () => {
    const view = renderScreen(<CreateAccountPage />, null);
    expect(alerts()).toEqual([]);
    await view.user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await view.user.type(screen.getByLabelText('Password'), 'short');
    expect(alerts()).toEqual([]);
    await view.user.type(screen.getByLabelText('Retype password'), 'x');
    expect(alerts()).toEqual(['At least 8 characters', 'passwords do not match']);
    expect(alerts().join(' ')).not.toMatch(/String must contain/);
    await view.user.clear(screen.getByLabelText('Retype password'));
    await view.user.type(screen.getByLabelText('Password'), ' enough');
    await view.user.type(screen.getByLabelText('Retype password'), 'short enough');
    expect(alerts()).toEqual([]);
  });

  it("shows the server's weak_password answer by the password field until it changes", async () => {
    api.on(contract.account.signup, {
      status: 400,
      body: errorBody('weak_password', 'This password is one of the most common ones; please choose another'),
    });
    const view = renderScreen(<CreateAccountPage />, null);
    await view.user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await view.user.type(screen.getByLabelText('Password'), 'password1');
    await view.user.type(screen.getByLabelText('Retype password'), 'password1{Enter}');
    expect(await screen.findByText(/one of the most common ones/)).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    await view.user.type(screen.getByLabelText('Password'), '!');
    expect(screen.queryByText(/one of the most common ones/)).toBeNull();
  });

  it('says a taken address by the e-mail field', async () => {
    api.on(contract.account.signup, { status: 200, body: null });
    const view = renderScreen(<CreateAccountPage />, null);
    await view.user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await view.user.type(screen.getByLabelText('Password'), 'long enough');
    await view.user.type(screen.getByLabelText('Retype password'), 'long enough{Enter}');
    expect(await screen.findByText('email address is not available')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { aUser, renderScreen } from '../../../testing/render.tsx';
import { VerifyEmailNotice } from './VerifyEmailNotice.tsx';

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi();
});
afterEach(cleanup);

describe('verify e-mail notice', () => {
  it('says where the link went and what it opens, with sending again as the quieter action', () => {
    renderScreen(
      <VerifyEmailNotice purpose="see this album" back={{ to: '/albums', label: 'Back to Photo Albums' }} />,
      aUser({ isEmailVerified: false, emailAddress: 'bea@example.com' }),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirm your e-mail address');
    const [said] = screen.getAllByText((_, element) => element?.tagName === 'P');
    expect(said?.textContent).toBe('We have sent a link to bea@example.com: open it to see this album.');
    expect(screen.getByRole('button', { name: 'Send again' }).className).toBe('btn btn-link');
    expect(screen.queryByRole('button', { name: /verification/i })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Photo Albums' }).getAttribute('href')).toBe('/albums');
    expect(api.sent).toEqual([]);
  });
});

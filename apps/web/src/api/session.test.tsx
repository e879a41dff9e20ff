// @vitest-environment jsdom
import { contract } from '@site/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBody, stubApi } from '../testing/api-stub.ts';
import { aUser } from '../testing/render.tsx';
import { tsr } from './client.ts';
import { knownMember, rememberMember } from './known-member.ts';
import { startSession, useCurrentUser } from './session.ts';

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi();
  document.cookie = 'member=1';
});
afterEach(() => {
  document.cookie = 'member=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  localStorage.clear();
});

/** Opens the app's session as start.tsx does and reads who is logged in, as every screen does. */
async function currentUser() {
  const queryClient = new QueryClient();
  await startSession(queryClient);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <tsr.ReactQueryProvider>{children}</tsr.ReactQueryProvider>
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useCurrentUser(), { wrapper });
  await waitFor(() => expect(result.current.ready).toBe(true));
  return result.current.user;
}

describe('who is logged in', () => {
  const grandma = aUser({ emailAddress: 'grandma@example.com', displayName: 'Grandma' });

  it('keeps the member a page opened without a connection last knew, instead of logging her out', async () => {
    rememberMember(grandma);
    api.on(contract.account.me, () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await currentUser()).toEqual(grandma);
  });

  it('keeps the member while the server fails (503): an outage is not a log out', async () => {
    rememberMember(grandma);
    api.on(contract.account.me, { status: 503, body: errorBody('unavailable', 'Try again soon') });
    expect(await currentUser()).toEqual(grandma);
  });

  it('remembers the member the server names, for a later page opened offline', async () => {
    api.on(contract.account.me, { status: 200, body: grandma });
    expect(await currentUser()).toEqual(grandma);
    expect(knownMember()).toEqual(grandma);
  });

  it('makes a visitor, and forgets the member, once the server says nobody is logged in', async () => {
    rememberMember(grandma);
    api.on(contract.account.me, { status: 401, body: errorBody('unauthenticated', 'Not logged in') });
    expect(await currentUser()).toBeNull();
    expect(knownMember()).toBeNull();
  });

  it('is a visitor without a session cookie, whatever was remembered', async () => {
    rememberMember(grandma);
    document.cookie = 'member=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    api.on(contract.account.csrf, { status: 200, body: { csrfToken: 't' } });
    expect(await currentUser()).toBeNull();
    expect(knownMember()).toBeNull();
  });
});

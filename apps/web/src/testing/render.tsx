import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@site/contract';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { tsr } from '../api/client.ts';
import { setCurrentUser } from '../api/session.ts';

/** A logged-in user as `GET /api/me` answers it; `change` overrides fields. */
export const aUser = (change: Partial<User> = {}): User => ({
  userId: '5f0c6a3e-8d1b-4c8e-9a57-1f2d3c4b5a69',
  emailAddress: 'ada@example.com',
  isEmailVerified: true,
  permissions: [],
  displayName: 'Ada',
  disabledNotifications: [],
  maintenanceMode: false,
  ...change,
});

/**
 * Renders a screen as the app does (React Query, a router at `url`) with `user` logged in; answers the user-event
 * driver and the query client (whose cached current user the screens read). `rerender` keeps the same page load:
 * the same cache and router.
 */
export function renderScreen(
  screen: ReactNode,
  user: User | null = aUser(),
  /** `route`: the screen's route pattern, so it reads its params; any other address it goes to shows `at <path>`. */
  { url = '/', route }: { url?: string; route?: string } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  setCurrentUser(queryClient, user);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <tsr.ReactQueryProvider>
        <MemoryRouter initialEntries={[url]}>
          {route ? (
            <Routes>
              <Route path={route} element={children} />
              <Route path="*" element={<Elsewhere />} />
            </Routes>
          ) : (
            children
          )}
        </MemoryRouter>
      </tsr.ReactQueryProvider>
    </QueryClientProvider>
  );
  const view = render(screen, { wrapper });
  return { ...view, user: userEvent.setup(), queryClient };
}

/** Where a screen navigated to, for tests to read. */
function Elsewhere() {
  return <p>at {useLocation().pathname}</p>;
}

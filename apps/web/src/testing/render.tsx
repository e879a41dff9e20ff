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
 * Renders a screen as the app does (React Query, a router) with `user` logged in; answers the user-event driver
 * and the query client (whose cached current user the screens read).
 */
export function renderScreen(
  screen: ReactNode,
  user: User | null = aUser(),
  /** The screen's route and the address it opens at; any other address it goes to shows `at <path>`. */
  where?: { route: string; at: string },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  setCurrentUser(queryClient, user);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <tsr.ReactQueryProvider>
        {where ? (
          <MemoryRouter initialEntries={[where.at]}>
            <Routes>
              <Route path={where.route} element={screen} />
              <Route path="*" element={<Elsewhere />} />
            </Routes>
          </MemoryRouter>
        ) : (
          <MemoryRouter>{screen}</MemoryRouter>
        )}
      </tsr.ReactQueryProvider>
    </QueryClientProvider>,
  );
  return { ...view, user: userEvent.setup(), queryClient };
}

/** Where a screen navigated to, for tests to read. */
function Elsewhere() {
  return <p>at {useLocation().pathname}</p>;
}

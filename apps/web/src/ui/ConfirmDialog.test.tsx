// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../testing/render.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';

afterEach(cleanup);

/** A page with a button that opens the dialog, as the screens use it. */
function Host({ onConfirm }: { onConfirm: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ask
      </button>
      <ConfirmDialog
        open={open}
        title="Delete forever?"
        description="It cannot be undone."
        confirmLabel="Delete forever"
        action="delete it"
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

const dialog = () => screen.queryByRole('dialog', { name: 'Delete forever?' });

describe('ConfirmDialog', () => {
  it('closes once the step succeeds', async () => {
    let calls = 0;
    const view = renderScreen(<Host onConfirm={async () => calls++} />);
    await view.user.click(screen.getByRole('button', { name: 'Ask' }));
    await view.user.click(screen.getByRole('button', { name: 'Delete forever' }));
    await expect.poll(dialog).toBeNull();
    expect(calls).toBe(1);
  });

  it('stays open with the reason when the step fails, and shows it no more once reopened', async () => {
    const view = renderScreen(<Host onConfirm={() => Promise.reject(new Error('offline'))} />);
    await view.user.click(screen.getByRole('button', { name: 'Ask' }));
    await view.user.click(screen.getByRole('button', { name: 'Delete forever' }));
    await screen.findByText('Could not delete it. Please try again.');
    expect(dialog()).not.toBeNull();

    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect.poll(dialog).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(dialog()).not.toBeNull();
    expect(screen.queryByText('Could not delete it. Please try again.')).toBeNull();
  });
});

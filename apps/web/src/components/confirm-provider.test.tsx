import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Button from '@mui/material/Button';
import { ConfirmProvider, useConfirm } from './confirm-provider.tsx';

function DeleteButton({ onResult }: { onResult: (confirmed: boolean) => void }) {
  const confirm = useConfirm();
  return (
    <Button
      onClick={async () =>
        onResult(
          await confirm({
            title: 'Delete Tenant',
            message: 'Are you sure you want to delete "Lagos"? This action cannot be undone.',
            confirmText: 'Delete',
            cancelText: 'Keep',
          }),
        )
      }
    >
      Delete
    </Button>
  );
}

function setup() {
  const results: boolean[] = [];
  render(
    <ConfirmProvider>
      <DeleteButton onResult={(confirmed) => results.push(confirmed)} />
    </ConfirmProvider>,
  );
  return results;
}

describe('confirm dialog', () => {
  it('shows title, message and the configured texts, and resolves true on confirm', async () => {
    const user = userEvent.setup();
    const results = setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Tenant' });
    expect(dialog.textContent).toContain('Are you sure you want to delete "Lagos"?');
    // The opener is aria-hidden behind the modal, so this is the dialog's own button.
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(results).toEqual([true]));
  });

  it('resolves false on cancel and on Escape', async () => {
    const user = userEvent.setup();
    const results = setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(results).toEqual([false]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(results).toEqual([false, false]));
  });
});

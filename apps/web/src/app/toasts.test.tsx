import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, RouterProvider, createMemoryRouter } from 'react-router';
import { useSnackbar } from 'notistack';
import { keepToastAcrossNavigation } from '../lib/route-toasts.ts';
import { useToasts } from '../lib/use-toasts.ts';
import { AppProviders } from './app-providers.tsx';
import { AppShell } from './app-shell.tsx';

function ToastButtons() {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <>
      <button onClick={() => enqueueSnackbar('First toast')}>first</button>
      <button onClick={() => enqueueSnackbar('Second toast')}>second</button>
      <button onClick={() => keepToastAcrossNavigation(enqueueSnackbar('Welcome toast'))}>welcome</button>
      <Link to="/b">to b</Link>
      <Link to="/a?tab=other">same screen</Link>
    </>
  );
}

function open() {
  const router = createMemoryRouter(
    [
      {
        element: <AppShell />,
        children: [
          { path: 'a', element: <ToastButtons /> },
          { path: 'b', element: <p>Screen B</p> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return userEvent.setup();
}

/** Opens the screen and raises a toast with the button `name`, once `text` shows. */
async function openWithToast(name: string, text: string) {
  const user = open();
  await user.click(screen.getByRole('button', { name }));
  await screen.findByText(text);
  return user;
}

const toasts = () =>
  [...document.querySelectorAll('.notistack-MuiContent')].map((toast) => toast.textContent);

describe('toasts', () => {
  it('show one at a time: a new toast replaces the one on screen', async () => {
    const user = await openWithToast('first', 'First toast');
    await user.click(screen.getByRole('button', { name: 'second' }));
    await screen.findByText('Second toast');
    await waitFor(() => expect(toasts()).toEqual(['Second toastClose']));
  });

  it('close when the user leaves the screen, not when a search parameter changes', async () => {
    const user = await openWithToast('first', 'First toast');
    await user.click(screen.getByRole('link', { name: 'same screen' }));
    expect(screen.getByText('First toast')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'to b' }));
    await screen.findByText('Screen B');
    await waitFor(() => expect(toasts()).toEqual([]));
  });

  it('a toast raised for the next screen stays across the navigation', async () => {
    const user = await openWithToast('welcome', 'Welcome toast');
    await user.click(screen.getByRole('link', { name: 'to b' }));
    await screen.findByText('Screen B');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(toasts()).toEqual(['Welcome toastClose']);
  });

  function FormScreen() {
    function Form() {
      const toast = useToasts({ success: 60_000, error: 60_000 });
      return (
        <>
          <button onClick={() => toast.error('Email taken')}>fail</button>
          <button onClick={() => toast.success('User created')}>succeed</button>
        </>
      );
    }
    const [open, setOpen] = useState(true);
    return (
      <>
        {open && <Form />}
        <button onClick={() => setOpen(false)}>leave the form</button>
      </>
    );
  }

  it.each([
    ['fail', 'Email taken', []],
    ['succeed', 'User created', ['User createdClose']],
  ])(
    'when the form that raised it goes, a toast of %s goes with it only if an error (issue #31)',
    async (button, text, left) => {
      render(
        <AppProviders>
          <FormScreen />
        </AppProviders>,
      );
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: button }));
      await screen.findByText(text);
      await user.click(screen.getByRole('button', { name: 'leave the form' }));
      if (left.length === 0) await waitFor(() => expect(toasts()).toEqual([]));
      else {
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(toasts()).toEqual(left);
      }
    },
  );
});

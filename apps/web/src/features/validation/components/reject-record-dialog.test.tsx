import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REASON_CODE_MESSAGES } from '@portal/contract/decisions';
import { RejectRecordDialog } from './reject-record-dialog.tsx';

const REASONS = [
  { code: 'DECEASED', label: 'Deceased', needsNote: false },
  { code: 'OTHER', label: 'Other (say why in the note)', needsNote: true },
];

function open(props: Partial<Parameters<typeof RejectRecordDialog>[0]> = {}) {
  const onReject = vi.fn();
  render(
    <RejectRecordDialog
      fullName="Ada Ngozi Obi"
      reasons={REASONS}
      busy={false}
      onReject={onReject}
      onCancel={() => undefined}
      {...props}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Reject Record' });
  return { dialog, onReject, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: string) {
  await user.click(within(dialog).getByRole('combobox', { name: /Reason/ }));
  await user.click(screen.getByRole('option', { name: label }));
}

describe('the reject dialog (issue #22: a reason code and the comments)', () => {
  it('offers the tenant’s reasons by label and sends nothing until a reason and comments are given', async () => {
    const { dialog, onReject, user } = open();
    const confirm = within(dialog).getByRole('button', { name: 'Reject Record' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: /Comments/ }), 'Died in May');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await choose(user, dialog, 'Deceased');
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    await user.click(confirm);
    expect(onReject).toHaveBeenCalledWith({ reasonCode: 'DECEASED', reason: 'Died in May' });
  });

  it('OTHER names what is missing under the comments', async () => {
    const { dialog, onReject, user } = open();
    await choose(user, dialog, 'Other (say why in the note)');
    expect(
      within(dialog).getByText(REASON_CODE_MESSAGES.noteRequired('Other (say why in the note)')),
    ).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Comments/ }), '   ');
    expect(
      (within(dialog).getByRole('button', { name: 'Reject Record' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(onReject).not.toHaveBeenCalled();
  });

  it('shows the server’s field messages (a code retired meanwhile)', () => {
    const { dialog } = open({ errors: { reasonCode: REASON_CODE_MESSAGES.retired('DECEASED') } });
    expect(within(dialog).getByText(REASON_CODE_MESSAGES.retired('DECEASED'))).toBeTruthy();
  });

  it('says the reasons are loading while the list is empty', () => {
    const { dialog } = open({ reasons: [] });
    expect(within(dialog).getByText('Loading the reasons...')).toBeTruthy();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchField } from './search-field.tsx';

function Harness({ onSearch }: { onSearch: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchField
        value={value}
        onSearch={(next) => {
          onSearch(next);
          setValue(next);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        reset
      </button>
    </>
  );
}

describe('SearchField', () => {
  it('hands on the trimmed text once typing pauses, and takes at most 100 characters', async () => {
    const onSearch = vi.fn();
    render(<Harness onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search by name, PSN or Work ID' });
    expect(box.getAttribute('maxlength')).toBe('100');
    await userEvent.type(box, '  Ada  ');
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('Ada'));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('Escape and the clear button empty it at once; a reset from outside empties the box', async () => {
    const onSearch = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search by name, PSN or Work ID' }) as HTMLInputElement;
    await user.type(box, 'okon');
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('okon'));
    await user.keyboard('{Escape}');
    expect(box.value).toBe('');
    expect(onSearch).toHaveBeenLastCalledWith('');
    await user.type(box, 'psn1');
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('psn1'));
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box.value).toBe('');
    await user.type(box, 'w-7');
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('w-7'));
    await user.click(screen.getByRole('button', { name: 'reset' }));
    expect(box.value).toBe('');
  });
});

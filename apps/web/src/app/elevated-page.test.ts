import { describe, expect, it } from 'vitest';
import { isElevatedPage } from './elevated-page.ts';

describe('isElevatedPage', () => {
  it.each(['/profile', '/profile/edit', '/settings', '/admin/x'])('elevates %s', (path) => {
    expect(isElevatedPage(path)).toBe(true);
  });

  it.each(['/login', '/dashboard/user/profile', '/profiles', '/administrator'])(
    'does not elevate %s',
    (path) => {
      expect(isElevatedPage(path)).toBe(false);
    },
  );
});

import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ValidationUrlCell } from './validation-url-cell.tsx';

const config = (validationUrl: string | null) =>
  JSON.stringify({
    providerName: 'OPTIMA',
    apiBaseUrl: 'https://optima.example.gov',
    clientId: 'portal',
    validationUrl,
    secretsSet: { clientSecret: true, aesKey: true, iv: true },
  });

describe('validation URL cell', () => {
  it('links the validation URL in a new tab without giving the new page access to the portal', () => {
    render(
      <ValidationUrlCell tenant={{ identitySourceConfig: config('https://verify.lagos.gov.ng/check') }} />,
    );
    const link = screen.getByRole('link', { name: /verify\.lagos\.gov\.ng/ });
    expect(link.getAttribute('href')).toBe('https://verify.lagos.gov.ng/check');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')?.split(' ')).toContain('noopener');
    expect(link.textContent).toContain('(opens in a new tab)');
  });

  it.each([
    ['no identity source config', null],
    ['a config without a validation URL', config(null)],
    ['a config with an empty validation URL', config('')],
  ])("shows 'Not Set' for %s", (_label, identitySourceConfig) => {
    render(<ValidationUrlCell tenant={{ identitySourceConfig }} />);
    expect(screen.getByText('Not Set')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it.each([
    ['a config that is not JSON', '{"providerName": "OPTIMA"'],
    ['a config that is JSON but not an object', '"https://verify.example"'],
    ['a validation URL that is not http(s)', config('javascript:alert(1)')],
  ])("shows 'Invalid Config' for %s", (_label, identitySourceConfig) => {
    render(<ValidationUrlCell tenant={{ identitySourceConfig }} />);
    expect(screen.getByText('Invalid Config')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FORM_ROLES } from '@portal/contract/people';
import { roleLabel, roleTone } from '../utils/role-badge.ts';
import { RoleBadge } from './role-badge.tsx';

describe('role badge', () => {
  it('title-cases the role', () => {
    expect(FORM_ROLES.map(roleLabel)).toEqual(['Tenant Admin', 'Reviewer', 'Agent']);
    expect(roleLabel('SELF_SERVICE_USER')).toBe('Self-Service User');
  });

  it('colours TENANT_ADMIN red, REVIEWER amber, AGENT blue and any other role by default', () => {
    const roles = ['TENANT_ADMIN', 'REVIEWER', 'AGENT', 'SELF_SERVICE_USER', 'SOMETHING_NEW'];
    expect(roles.map(roleTone)).toEqual(['red', 'amber', 'blue', 'default', 'default']);
  });

  it('renders the label with its colour', () => {
    render(
      <>
        <RoleBadge role="TENANT_ADMIN" />
        <RoleBadge role="REVIEWER" />
        <RoleBadge role="AGENT" />
        <RoleBadge role="SELF_SERVICE_USER" />
      </>,
    );
    const background = (label: string) =>
      getComputedStyle(screen.getByText(label).closest('.MuiChip-root')!).backgroundColor;
    expect(background('Tenant Admin')).toBe('rgb(211, 47, 47)');
    expect(background('Reviewer')).toBe('rgb(255, 193, 7)');
    expect(background('Agent')).toBe('rgb(25, 118, 210)');
    expect(background('Self-Service User')).not.toMatch(/^rgb\((211, 47, 47|255, 193, 7|25, 118, 210)\)$/);
  });
});

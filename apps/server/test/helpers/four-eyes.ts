import type { ApprovalsPage } from '@portal/contract/decisions';
import type { TestPortal } from './test-portal.ts';

/**
 * Switches the tenant's second approver on or off as a tenant admin would. Switching it on is
 * immediate; switching it off waits for a different tenant admin (issue #30), so `checker` (an admin
 * outside the maker's family) approves the SETTINGS_CHANGE. Answers the status of the last call.
 */
export async function setSecondApprover(
  portal: TestPortal,
  on: boolean,
  maker: string,
  checker: string,
): Promise<number> {
  const res = await portal.api.put('/api/v1/tenant-admin/settings', {
    token: maker,
    body: { secondApprover: on },
  });
  if (res.statusCode !== 200 || on) return res.statusCode;
  const page = (
    await portal.api.get('/api/v1/approvals?kind=SETTINGS_CHANGE', { token: checker })
  ).json() as ApprovalsPage;
  const pending = page.items.find((i) => i.status === 'PENDING');
  if (!pending) return res.statusCode;
  return (await portal.api.post(`/api/v1/approvals/${pending.id}/approve`, { token: checker, body: {} }))
    .statusCode;
}

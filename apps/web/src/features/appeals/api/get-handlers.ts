import { useQuery } from '@tanstack/react-query';
import { PEOPLE_ROUTES } from '@portal/contract/routes/people';
import { callApi } from '../../../lib/api-client.ts';
import { appealsKeys } from './appeals-keys.ts';

/** Who can hear an appeal (the server checks a reviewer's assignment to the record). */
const HANDLER_ROLES = new Set(['TENANT_ADMIN', 'REVIEWER']);

/** GET /tenant-admin/users, kept to the tenant admins and reviewers: the Assign dialog's choices. */
export const useHandlers = () =>
  useQuery({
    queryKey: [...appealsKeys.all, 'handlers'],
    queryFn: ({ signal }) => callApi(PEOPLE_ROUTES.users, { signal }),
    select: (users) => users.filter((u) => HANDLER_ROLES.has(u.role)),
  });

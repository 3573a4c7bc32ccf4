import { queryOptions } from '@tanstack/react-query';
import type {
  CreatedStaffAccountResponse,
  CreateStaffAccountRequest,
  StaffAccountResponse,
  StaffAccountsResponse,
  StaffRoleName,
} from '@app/contract';
import { apiRequest } from '../../../../api/client';
import { ADMIN_KEY } from '../../../shared/api';

export const staffAccountsKey = [...ADMIN_KEY, 'staff-accounts'] as const;

/** GET /api/staff/accounts (admins). */
export const staffAccountsQueryOptions = () =>
  queryOptions({
    queryKey: staffAccountsKey,
    queryFn: ({ signal }) => apiRequest<StaffAccountsResponse>('staff/accounts', { signal }),
  });

export function createStaffAccount(
  body: CreateStaffAccountRequest,
): Promise<CreatedStaffAccountResponse> {
  return apiRequest<CreatedStaffAccountResponse>('staff/accounts', { method: 'POST', body });
}

export function setStaffRoles(id: number, roles: StaffRoleName[]): Promise<StaffAccountResponse> {
  return apiRequest<StaffAccountResponse>(`staff/accounts/${id}/roles`, {
    method: 'PUT',
    body: { roles },
  });
}

/** POST /api/staff/accounts/:id/<command>; `unlock` lifts the account's sign-in lock. */
export type StaffAccountCommand = 'disable' | 'enable' | 'reset-second-factor' | 'unlock';

export function staffAccountCommand(
  id: number,
  command: StaffAccountCommand,
): Promise<StaffAccountResponse> {
  return apiRequest<StaffAccountResponse>(`staff/accounts/${id}/${command}`, {
    method: 'POST',
    body: {},
  });
}

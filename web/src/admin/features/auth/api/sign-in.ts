/** Signing in and out of the console, and new recovery codes (/api/staff/login...). */
import type {
  StaffCodeRequest,
  StaffLoginRequest,
  StaffLoginResponse,
  StaffRecoveryCodesRequest,
  StaffRecoveryCodesResponse,
  StaffSignedInResponse,
} from '@app/contract';
import { apiRequest } from '../../../../api/client';

export function staffLogin(body: StaffLoginRequest): Promise<StaffLoginResponse> {
  return apiRequest<StaffLoginResponse>('staff/login', { method: 'POST', body });
}

export function staffLoginCode(body: StaffCodeRequest): Promise<StaffSignedInResponse> {
  return apiRequest<StaffSignedInResponse>('staff/login-code', { method: 'POST', body });
}

/** New recovery codes for the signed-in staff member, confirmed with an authenticator code. */
export function renewRecoveryCodes(
  body: StaffRecoveryCodesRequest,
): Promise<StaffRecoveryCodesResponse> {
  return apiRequest<StaffRecoveryCodesResponse>('staff/recovery-codes', { method: 'POST', body });
}

export function staffLogout(): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('staff/logout', { method: 'POST' });
}

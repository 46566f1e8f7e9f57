import type { ApplicationRole } from '@client-portal/contract';
import type { UserInfo } from '../../lib/user-info';

/** The server's rule: a global role is changed only by all-sites users; others change their client's roles. */
export function canChangeRole(role: ApplicationRole, userInfo: UserInfo | undefined): boolean {
  return !role.global || userInfo?.accessAllSites === true;
}

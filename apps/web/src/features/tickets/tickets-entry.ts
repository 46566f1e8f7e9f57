import type { UserInfo } from '../../lib/user-info';
import { hasAnyFeature } from '../../lib/user-info';

/**
 * Where /tickets leads (operations spec section 2): the allowances overview for users limited to
 * their own sites who may act on tickets; otherwise straight to an action page; '/' when there is none.
 */
export function ticketsEntryPath(userInfo: Pick<UserInfo, 'featureNames' | 'accessAllSites'>): string {
  const canCancel = hasAnyFeature(userInfo, 'Tickets.Cancel');
  const canReduce = hasAnyFeature(userInfo, 'Tickets.Reduce');
  if (!userInfo.accessAllSites && (canCancel || canReduce)) return '/tickets/overview';
  if (canCancel) return '/tickets/cancel';
  if (canReduce) return '/tickets/reduce';
  return '/';
}

import { Navigate, Outlet } from 'react-router';
import { sessionType, useSession } from '../../../lib/session';

/** Password and two-factor pages belong to password sessions; single sign-on users go to /account. */
export function RequirePasswordSession() {
  const session = useSession();
  if (!session.isAuthenticated) return <Navigate to="/signin" replace />;
  if (session.type !== sessionType.password) return <Navigate to="/account" replace />;
  return <Outlet />;
}

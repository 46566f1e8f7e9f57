import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';

export { RequireFeature } from '../components/require-feature';

/** Signed-out users reaching a signed-in route go to /signin (the page they wanted is kept in state). */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session.isAuthenticated) return <Navigate to="/signin" replace state={{ from: location }} />;
  return <Outlet />;
}

import { Outlet, useLocation } from 'react-router';
import classes from './permits-layout.module.css';

/**
 * The Permits section: the current page, which fades in on each change of page. Each page's own
 * title is its only h1; the section is named by the main navigation's current link, not by a
 * heading above the page's.
 */
export function PermitsLayout() {
  const { pathname } = useLocation();
  return (
    <div key={pathname} className={classes.page}>
      <Outlet />
    </div>
  );
}

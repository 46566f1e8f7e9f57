import { type EntryUser, entryPath } from '../../lib/feature-routes';
import { ticketsRoutes } from './routes';

/** Where /tickets leads (its routes say which page comes first for whom); '/' when there is none. */
export function ticketsEntryPath(user: EntryUser): string {
  return entryPath(ticketsRoutes, user) ?? '/';
}

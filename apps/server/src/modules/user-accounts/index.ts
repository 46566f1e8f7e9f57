/** User accounts managed by administrators: the user-accounts module's public surface. */
export { userAccountRoutes } from './routes.js';
export {
  type AccountsContext,
  createAccount,
  getAccount,
  pageAccounts,
  removeAccount,
  setAccountActive,
  updateAccount,
} from './user-accounts-service.js';
export { userAccountsSqlSnapshot } from './user-accounts-sql-snapshot.js';

/**
 * The shape a Welsh (`cy`) table must have: every key of the English table, each a string, and no
 * other key, except that a plural group (`x_one`, `x_other`) may add the plural forms Welsh has and
 * English lacks. One type for the web app's tables and the server's: the contract's.
 */
export type { WelshTable } from '@client-portal/contract';

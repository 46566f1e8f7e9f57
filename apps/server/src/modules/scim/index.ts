/** SCIM 2.0 provisioning of a client company's accounts (decision 46): the scim module's public surface. */
export { scimRoutes } from './routes.js';

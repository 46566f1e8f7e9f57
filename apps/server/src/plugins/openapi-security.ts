/**
 * The OpenAPI security of routes, in a module that imports nothing: route modules read these while
 * they load, whatever order an import cycle through the auth plugin loads them in.
 */

/** A route's OpenAPI security: any one of these schemes admits the caller. */
export type SecurityRequirements = { [scheme: string]: string[] }[];

/** The OpenAPI security of a route for signed-in users only (the bearer access token). */
export const sessionSecurity: SecurityRequirements = [{ bearer: [] }];
/** The OpenAPI security of a route that an API key may call too (decision 43). */
export const sessionOrKeySecurity: SecurityRequirements = [{ bearer: [] }, { apiKey: [] }];

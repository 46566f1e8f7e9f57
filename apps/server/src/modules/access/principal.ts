/** Who is calling: loaded fresh from the database on every authenticated request. */
export interface Principal {
  userId: string;
  email: string;
  sessionId: string;
  sessionType: 'identity' | 'msal';
  features: string[];
  flags: string[];
  accessAllSites: boolean;
  /** The raw access list: site and site-group numbers. */
  access: string[];
  /** Every site number the caller can reach (groups expanded); ignored when accessAllSites. */
  siteNumbers: string[];
  /**
   * Set when the caller is an API key (decision 43) acting for its creator (`userId`, `email`) within
   * the key's own features and sites; `sessionId` is then the key's id. Only the routes whose
   * OpenAPI security lists `apiKey` admit such a caller.
   */
  apiKey?: { id: string; name: string; scim?: ScimMapping };
}

/**
 * A key's SCIM mapping (decision 46), on a key that holds Users.Add: the role and the sites and groups
 * its provisioned accounts get. `features`: the role's features that the key's creator holds now.
 */
export interface ScimMapping {
  roleId: number;
  access: string[];
  features: string[];
}

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
}

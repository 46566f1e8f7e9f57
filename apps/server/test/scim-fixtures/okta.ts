/**
 * The request sequence Okta documents for a SCIM 2.0 app ("SCIM 2.0 protocol reference" and its
 * provisioning guide): test the connection with a two-row page, look a user up by `userName eq` with
 * `startIndex=1&count=100`, create it (Okta sends its `password`, `locale`, `groups` and an Okta id as
 * `externalId`), read it, update it with a full PUT, deactivate it with a PUT carrying
 * `active: false` (or a PATCH of a value object without a path), reactivate it with PATCH.
 */
export const okta = {
  /** GET /Users?startIndex=1&count=2: the "Test Connector Configuration" call. */
  testConnection: '?startIndex=1&count=2',

  /** GET /Users?filter=userName eq "…"&startIndex=1&count=100: "does this user exist?" */
  filterQuery: (userName: string) =>
    `?filter=${encodeURIComponent(`userName eq "${userName}"`)}&startIndex=1&count=100`,

  /** POST /Users */
  createUser: (userName: string) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName,
    name: { givenName: 'Test', familyName: 'User' },
    emails: [{ primary: true, value: userName, type: 'work' }],
    displayName: 'Test User',
    locale: 'en-US',
    externalId: '00ujl29u0le5T6Aj10h7',
    groups: [],
    password: '1mz050nq',
    active: true,
  }),

  /** PUT /Users/{id}: the whole user as Okta holds it, `active` as given. */
  putUser: (id: string, userName: string, active: boolean) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    id,
    userName,
    name: { givenName: 'Another', familyName: 'User' },
    emails: [{ primary: true, value: userName, type: 'work' }],
    displayName: 'Another User',
    locale: 'en-US',
    externalId: '00ujl29u0le5T6Aj10h7',
    groups: [],
    active,
    meta: { resourceType: 'User' },
  }),

  /** PATCH /Users/{id}: activate or deactivate, a value object without a path. */
  patchActive: (active: boolean) => ({
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: [{ op: 'replace', value: { active } }],
  }),
} as const;

/**
 * The request sequence Microsoft documents for its SCIM provisioning service ("Tutorial: Develop and
 * plan provisioning for a SCIM endpoint in Microsoft Entra ID", its User Operations request and
 * response examples, and "Known issues and resolutions with SCIM 2.0 protocol compliance of the
 * Microsoft Entra user provisioning service"): the bodies and query strings as documented, with only
 * the user's address made one the portal accepts. Microsoft's own examples use a `Test_User_<guid>`
 * userName; the portal's userName is the account's e-mail address, so the set-up in docs/api.md maps
 * `userPrincipalName` (or `mail`) to `userName`, and the fixtures send such an address.
 */
export const entra = {
  /** POST /Users: "Create User" (enterprise extension, externalId, a work e-mail, `meta`, empty `roles`). */
  createUser: (userName: string, workEmail: string) => ({
    schemas: [
      'urn:ietf:params:scim:schemas:core:2.0:User',
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
    ],
    externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
    userName,
    active: true,
    emails: [{ primary: true, type: 'work', value: workEmail }],
    meta: { resourceType: 'User' },
    name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
    roles: [],
  }),

  /** GET /Users?filter=userName eq "…": "Get User by query" (and "zero results"). */
  filterQuery: (userName: string) => `?filter=${encodeURIComponent(`userName eq "${userName}"`)}`,

  /** PATCH /Users/{id}: "Update User [Multi-valued properties]". */
  patchMultiValued: {
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: [
      { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@microsoft.com' },
      { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
    ],
  },

  /** PATCH /Users/{id}: "Update User [Single-valued properties]" (a new userName). */
  patchSingleValued: (userName: string) => ({
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: [{ op: 'Replace', path: 'userName', value: userName }],
  }),

  /**
   * PATCH /Users/{id} as the known-issues page shows the provisioning service sending it before its
   * 2020 compliance fixes (and still for apps on the older behaviour): "Add" for a single-valued
   * attribute, and booleans as the strings "True"/"False".
   */
  patchAddNickName: {
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: [{ op: 'Add', path: 'nickName', value: 'Babs' }],
  },
  patchActiveString: (value: 'True' | 'False') => ({
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: [{ op: 'Replace', path: 'active', value }],
  }),
  /** The same page's no-path form: one value object carrying several attributes. */
  patchNoPath: (userName: string) => ({
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: [{ op: 'replace', value: { active: false, userName } }],
  }),

  /** PATCH /Users/{id}: "Disable User". */
  disableUser: {
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: [{ op: 'Replace', path: 'active', value: false }],
  },
} as const;

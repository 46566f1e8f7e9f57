import {
  SCIM_LIST_SCHEMA,
  SCIM_PAGE_MAX,
  SCIM_RESOURCE_TYPE_SCHEMA,
  SCIM_SCHEMA_SCHEMA,
  SCIM_SERVICE_PROVIDER_CONFIG_SCHEMA,
  SCIM_USER_SCHEMA,
} from '@client-portal/contract';

/**
 * The discovery documents of RFC 7644 section 4 (shapes: RFC 7643 sections 5 to 7): what this service
 * provider supports (PATCH and the `userName eq` filter; no bulk, sort, ETags or password change), its
 * one resource type (User) and that type's schema, limited to the attributes the portal keeps.
 * `base` is the SCIM root, such as https://portal.example/scim/v2.
 */

export function serviceProviderConfig(base: string) {
  return {
    schemas: [SCIM_SERVICE_PROVIDER_CONFIG_SCHEMA],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_PAGE_MAX },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description:
          "A client company's portal API key holding Users.Add, sent as Authorization: Bearer cp_live_…",
        primary: true,
      },
    ],
    meta: {
      resourceType: 'ServiceProviderConfig',
      location: `${base}/ServiceProviderConfig`,
    },
  };
}

export function userResourceType(base: string) {
  return {
    schemas: [SCIM_RESOURCE_TYPE_SCHEMA],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'A portal account, known by its e-mail address',
    schema: SCIM_USER_SCHEMA,
    schemaExtensions: [],
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
  };
}

const attribute = (name: string, fields: Record<string, unknown>) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...fields,
});

export function userSchema(base: string) {
  return {
    schemas: [SCIM_SCHEMA_SCHEMA],
    id: SCIM_USER_SCHEMA,
    name: 'User',
    description: 'A portal account: its e-mail address is its userName; other attributes are not kept',
    attributes: [
      attribute('userName', {
        required: true,
        uniqueness: 'server',
        description: 'The account’s e-mail address, unique among the portal’s accounts',
      }),
      attribute('active', {
        type: 'boolean',
        description: 'False: the account cannot sign in and its sessions have ended',
      }),
      attribute('emails', {
        type: 'complex',
        multiValued: true,
        mutability: 'readOnly',
        description: 'The account’s one address (its userName)',
        subAttributes: [
          attribute('value', { mutability: 'readOnly' }),
          attribute('type', { mutability: 'readOnly', canonicalValues: ['work'] }),
          attribute('primary', { type: 'boolean', mutability: 'readOnly' }),
        ],
      }),
    ],
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${SCIM_USER_SCHEMA}` },
  };
}

/** A list answer of every item (discovery lists are not paged). */
export function listOf(resources: Record<string, unknown>[]) {
  return {
    schemas: [SCIM_LIST_SCHEMA],
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

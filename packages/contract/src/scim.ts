import { z } from 'zod';

/**
 * SCIM 2.0 (RFC 7643, RFC 7644; issue 26, decision 46): a client company's directory (Microsoft Entra
 * ID, Okta) provisions the company's portal accounts through `/scim/v2/Users` with an API key holding
 * `Users.Add`. The portal keeps an account's address (`userName`, which is also its one e-mail) and
 * whether it is active; names and other attributes a directory sends are accepted and not kept.
 */
export const SCIM_CONTENT_TYPE = 'application/scim+json';
export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_SERVICE_PROVIDER_CONFIG_SCHEMA =
  'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
export const SCIM_RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
export const SCIM_SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

/** The most resources one list answer holds (ServiceProviderConfig's filter.maxResults). */
export const SCIM_PAGE_MAX = 100;

/**
 * A SCIM boolean as directories send it: JSON true/false, or Entra's strings "True"/"False" in a
 * PATCH value (any case).
 */
export const scimBooleanSchema = z
  .union([z.boolean(), z.string().regex(/^(true|false)$/i, 'invalidValue')])
  .transform((value) => (typeof value === 'boolean' ? value : value.toLowerCase() === 'true'));

/** POST and PUT /scim/v2/Users: the attributes the portal keeps; the others are accepted and dropped. */
export const scimUserInputSchema = z.object({
  schemas: z.array(z.string()).max(10).optional(),
  /** The account's e-mail address. */
  userName: z.string().trim().min(1).max(256),
  active: scimBooleanSchema.optional(),
  externalId: z.string().max(256).optional(),
  name: z
    .object({
      givenName: z.string().max(256).optional(),
      familyName: z.string().max(256).optional(),
      formatted: z.string().max(512).optional(),
    })
    .optional(),
  displayName: z.string().max(512).optional(),
  emails: z
    .array(
      z.object({
        value: z.string().max(256),
        type: z.string().max(50).optional(),
        primary: scimBooleanSchema.optional(),
      }),
    )
    .max(10)
    .optional(),
});
export type ScimUserInput = z.output<typeof scimUserInputSchema>;

/** One PATCH operation; `op` in any case (Entra sends "Replace"), a path or a value object. */
export const scimPatchOperationSchema = z.object({
  op: z.string().regex(/^(add|replace|remove)$/i, 'invalidSyntax'),
  path: z.string().max(256).optional(),
  value: z.unknown().optional(),
});
export type ScimPatchOperation = z.output<typeof scimPatchOperationSchema>;

/** PATCH /scim/v2/Users/{id} (RFC 7644 section 3.5.2). */
export const scimPatchSchema = z.object({
  schemas: z.array(z.string()).max(10).optional(),
  Operations: z.array(scimPatchOperationSchema).min(1).max(50),
});
export type ScimPatch = z.output<typeof scimPatchSchema>;

/**
 * GET /scim/v2/Users: `filter=userName eq "…"` (the only filter the portal answers), and 1-based
 * paging: a startIndex below 1 reads as 1 and a count is bounded to 0 … SCIM_PAGE_MAX (RFC 7644 3.4.2.4).
 */
export const scimListQuerySchema = z.object({
  filter: z.string().max(1000).optional(),
  startIndex: z.coerce.number().int().optional(),
  count: z.coerce.number().int().optional(),
  attributes: z.string().max(1000).optional(),
  excludedAttributes: z.string().max(1000).optional(),
});
export type ScimListQuery = z.output<typeof scimListQuerySchema>;

export const scimUserParamsSchema = z.object({ id: z.string().max(100) });

/** A User resource as the portal answers it. */
export const scimUserSchema = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  userName: z.string(),
  active: z.boolean(),
  emails: z.array(z.object({ value: z.string(), type: z.string(), primary: z.boolean() })),
  meta: z.object({ resourceType: z.string(), location: z.string() }),
});
export type ScimUser = z.infer<typeof scimUserSchema>;

/** A list answer (RFC 7644 section 3.4.2). */
export function scimListSchema<T extends z.ZodType>(resource: T) {
  return z.object({
    schemas: z.array(z.string()),
    totalResults: z.number().int(),
    startIndex: z.number().int(),
    itemsPerPage: z.number().int(),
    Resources: z.array(resource).max(SCIM_PAGE_MAX),
  });
}
export const scimUserListSchema = scimListSchema(scimUserSchema);
export type ScimUserList = z.infer<typeof scimUserListSchema>;

/** A discovery document (ServiceProviderConfig, a Schema, a ResourceType): fixed JSON of the RFC's shape. */
export const scimDocumentSchema = z.record(z.string(), z.unknown());
export const scimDocumentListSchema = scimListSchema(scimDocumentSchema);

/** The SCIM error answer (RFC 7644 section 3.12): the one place the API does not answer problem+json. */
export const scimErrorSchema = z.object({
  schemas: z.array(z.string()),
  /** The HTTP status, as a string. */
  status: z.string(),
  scimType: z.string().optional(),
  detail: z.string(),
});
export type ScimError = z.infer<typeof scimErrorSchema>;

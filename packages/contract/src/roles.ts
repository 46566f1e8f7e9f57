import { z } from 'zod';
import { ROLE_NAME_MAX } from './constants.js';
import { text, typeRule } from './rules.js';

/**
 * An application role: a named set of features with an optional parent (platform spec section 3).
 * `global` roles belong to the operator (only all-sites users change them); the others belong to the
 * client company of the user who made them (docs/decisions: role owners).
 */
export const applicationRoleSchema = z.object({
  applicationRoleId: z.number().int(),
  name: z.string(),
  parentApplicationRoleId: z.number().int().nullable(),
  features: z.array(z.string()),
  global: z.boolean(),
});
export type ApplicationRole = z.infer<typeof applicationRoleSchema>;

/** GET /application/roles/{id}/removal: why removing the role would be refused now (empty: it can go). */
export const roleRemovalSchema = z.object({ reasons: z.array(z.string()) });
export type RoleRemoval = z.infer<typeof roleRemovalSchema>;

/** A role's name, trimmed: `required`, `maxLength` {max: 20}. */
export const roleNameSchema = text().trim().min(1, 'required').max(ROLE_NAME_MAX, 'maxLength');

const featureList = z.array(z.string().max(100)).max(200);

/** POST /application/roles */
export const createRoleSchema = z.object({
  name: roleNameSchema,
  /** `required` when absent (`invalidType` when not a number). */
  parentApplicationRoleId: z.number(typeRule).int().positive(),
  features: featureList.default([]),
});
export type CreateRole = z.input<typeof createRoleSchema>;

/** PUT /application/roles/{id}: the spec names the parent field `parent`; it cannot change. */
export const updateRoleSchema = z.object({
  name: roleNameSchema,
  parent: z.number().int().nullable().optional(),
  features: featureList.default([]),
});
export type UpdateRole = z.input<typeof updateRoleSchema>;

import { z } from 'zod';

/** Served at /runtime-config.json so one browser build can point at any API. */
export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string(),
  applicationHash: z.string(),
  oidc: z.object({ authority: z.string(), clientId: z.string(), scope: z.string() }).nullable(),
  /** The provider's own staff domain: only its addresses may be given access to all sites. */
  staffEmailDomain: z.string().optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

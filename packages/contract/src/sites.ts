import { z } from 'zod';
import { SITE_INPUT_MAX } from './constants.js';

export const siteSchema = z.object({ siteNumber: z.string(), name: z.string() });
export type Site = z.infer<typeof siteSchema>;

/** A site number is digits; a site group number starts with SG. */
export const siteNumberPattern = /^\d{1,10}$/;
const siteGroupNumberPattern = /^SG[0-9-]{1,8}$/;

export function isSiteGroupNumber(value: string): boolean {
  return value.startsWith('SG');
}

export const siteOrGroupNumberSchema = z
  .string()
  .max(SITE_INPUT_MAX, 'maxLength')
  .refine((v) => siteNumberPattern.test(v) || siteGroupNumberPattern.test(v), 'pattern');

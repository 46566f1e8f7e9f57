import {
  isCodedIssue,
  type RuleCode,
  type RuleIssue,
  type RuleParams,
  ruleIssueOf,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** What a code says about one field: fixed text, or text built from the code's parameters. */
export type RuleMessage = string | ((params: RuleParams) => string);

/**
 * One area's table: the spec's English for each field's rule codes (`field` is the dotted path of
 * the request body's field). A code the table does not name keeps zod's own text.
 */
export type RuleMessages = Readonly<Record<string, Partial<Record<RuleCode, RuleMessage>>>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The rule messages of the route's area, for the 400 its body or query refusal answers. */
    ruleMessages?: RuleMessages;
  }
}

/** A day field's messages (the contract's `isoDaySchema`), the field named by `label`. */
export function isoDayMessages(label: string) {
  return {
    pattern: `${label} must be a date (YYYY-MM-DD).`,
    invalidDate: `${label} must be a real date.`,
  } satisfies RuleMessages[string];
}

/**
 * The message of one rule issue from an area's table, looked up by its field and then by the field
 * without list positions (`audience.features.0` as `audience.features`); undefined when the table
 * does not say it.
 */
export function ruleMessageOf(issue: RuleIssue, messages: RuleMessages | undefined): string | undefined {
  const listField = issue.field
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .join('.');
  const message = messages?.[issue.field]?.[issue.code] ?? messages?.[listField]?.[issue.code];
  return typeof message === 'function' ? message(issue.params) : message;
}

/** The message of one rule issue from an area's table, or a plain one naming the field. */
export function ruleMessage(issue: RuleIssue, messages: RuleMessages | undefined): string {
  return ruleMessageOf(issue, messages) ?? `${issue.field} is not valid.`;
}

/** Rule issues as a problem's field messages, each said from an area's table. */
export function ruleFieldErrors(
  issues: readonly RuleIssue[],
  messages: RuleMessages | undefined,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    errors[issue.field] ??= [];
    errors[issue.field]?.push(ruleMessage(issue, messages));
  }
  return errors;
}

/** A schema validation item as fastify-type-provider-zod reports it (the zod issue spread out). */
interface ValidationItem {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** The field (dotted path, 'body' for the whole body) and message of one refused input. */
export function validationMessage(
  item: ValidationItem,
  messages: RuleMessages | undefined,
): { field: string; message: string } {
  const path = item.instancePath.replace(/^\/+/, '');
  const field = path.replaceAll('/', '.') || 'body';
  const text = item.message ?? 'Invalid value.';
  if (!isCodedIssue({ message: text })) return { field, message: text };
  const issue = ruleIssueOf({
    ...item.params,
    code: item.keyword,
    path: path ? path.split('/') : [],
    message: text,
  } as z.core.$ZodIssue);
  return { field, message: ruleMessageOf(issue, messages) ?? `${field} is not valid.` };
}

/** Gives every route of this plugin (and those it registers later) the area's rule messages. */
export function useRuleMessages(app: FastifyInstance, messages: RuleMessages): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, ruleMessages: messages } as typeof route.config;
  });
}

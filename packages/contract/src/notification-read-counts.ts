import { z } from 'zod';

/**
 * A `sent-read` event on the notification stream (decision 16): a sent notification's recipients
 * read or unread it, so its sender's open send page shows the new counts without a reload.
 */
export const sentReadCountSchema = z.object({
  id: z.string(),
  recipients: z.number().int().nonnegative(),
  read: z.number().int().nonnegative(),
});
export type SentReadCount = z.infer<typeof sentReadCountSchema>;

import type { Locator, Page } from 'playwright-core';

interface WaitForBulkUploadOptions {
  /** How long each wait may take (the default is Playwright's). */
  timeout?: number;
  /** How the journey presses "Upload anyway" (a click unless the journey is by keyboard). */
  uploadAnyway?: (button: Locator) => Promise<void>;
}

/**
 * After Upload is pressed on the bulk add page: rows whose plates a camera read something like ask
 * once, for the whole file, before the upload (decision 35); other files upload at once. Waits once
 * for whichever comes first (not a race of two waits, whose loser lingers until it times out),
 * answers "Upload anyway" when asked, and then waits for `uploaded`.
 */
export async function waitForBulkUpload(
  page: Page,
  uploaded: Locator,
  { timeout, uploadAnyway = (button) => button.click() }: WaitForBulkUploadOptions = {},
): Promise<void> {
  const warnings = page.getByRole('dialog', { name: 'Upload rows with warnings?' });
  await warnings.or(uploaded).first().waitFor({ timeout });
  if (await warnings.isVisible()) {
    await uploadAnyway(warnings.getByRole('button', { name: 'Upload anyway' }));
  }
  await uploaded.waitFor({ timeout });
}

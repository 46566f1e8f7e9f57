import { z } from 'zod';

/**
 * Every download the server writes comes in two formats (issue 24, decision 34): text for Excel
 * (`csv`: UTF-16LE with a byte order mark and tab-separated, which Excel opens in columns when the file
 * is double-clicked) and a workbook (`xlsx`: real date cells in UK time, a frozen header row with
 * filters). Both hold the columns the screen shows, under its names, in its order.
 */
export const downloadFormats = ['csv', 'xlsx'] as const;
export type DownloadFormat = (typeof downloadFormats)[number];

/** The `format` query field of a download route: csv unless asked. */
export const downloadFormatField = z.enum(downloadFormats, 'oneOf').default('csv');

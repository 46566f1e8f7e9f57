import { type Permit, ukDate, ukLastDayBefore } from '@client-portal/contract';
import { csvLine } from '../../../plugins/csv-download.js';

/** The list's columns, as the table shows them (the Expire action is not exported). */
const header = ['Site', 'Vehicle registration', 'Driver name', 'Type', 'Start date', 'End date', 'Reference'];

export async function* permitCsvLines(batches: AsyncIterable<Permit[]>): AsyncGenerator<string> {
  yield csvLine(header);
  for await (const batch of batches) {
    // One piece of text per batch: a step of the stream per row would cost more than the rows.
    let text = '';
    for (const p of batch) {
      text += csvLine([
        p.site_SiteGroupNumber,
        p.vehicleRegistration,
        p.driverName,
        p.isTemp ? 'Temporary' : 'Permanent',
        ukDate(p.started),
        // A permit's days as the user entered them: it ends at 00:00 after its last day.
        ukLastDayBefore(p.ended),
        p.reference,
      ]);
    }
    yield text;
  }
}

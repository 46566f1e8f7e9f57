import type { form as english } from '../en/form';
import type { WelshTable } from '../welsh-table';

export const form: WelshTable<typeof english> = {
  problemHeading: 'Gwiriwch y canlynol',
  failedHeading: 'Aeth rhywbeth o’i le',
  successHeading: 'Wedi gorffen',
  errorSummaryHeading: 'Mae problem wedi codi',
};

import type { supportContact as english } from '../en/support-contact';
import type { WelshTable } from '../welsh-table';

/** The operator's support contact as the Support and Help pages show it (app settings, issue 24). */
export const supportContact: WelshTable<typeof english> = {
  heading: 'Cysylltu â ni',
  body: 'Os nad yw rhywbeth yn y porth yn gweithio neu os oes angen help arnoch chi, mae eich tîm cyswllt cleientiaid yma i helpu.',
  phone: 'Ffôn',
  email: 'E-bost',
  hours: 'Oriau agor',
};

import type { loader as english } from '../en/loader';
import type { WelshTable } from '../welsh-table';

export const loader: WelshTable<typeof english> = {
  // Rotated every 30 s while the app starts (platform spec section 4).
  message1: 'Wrthi’n llwytho Client Portal…',
  message2: 'Wrthi’n paratoi popeth…',
  message3: 'Yn dal i weithio arno…',
  slow: 'Mae hyn yn cymryd mwy o amser nag arfer. Arhoswch ychydig yn hirach.',
  failedHeading: 'Methwyd â llwytho Client Portal',
  failedBody:
    'Aeth rhywbeth o’i le wrth gychwyn Client Portal. Mae’n rhoi cynnig arall arni bob 30 eiliad, neu gallwch ail-lwytho’r dudalen i roi cynnig arall arni nawr.',
};

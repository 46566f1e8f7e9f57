import type { permitAllowances as english } from '../en/permit-allowances';
import type { WelshTable } from '../welsh-table';

/** Permit allowances admin page (platform spec sections 2, 5 and 8). */
export const permitAllowances: WelshTable<typeof english> = {
  title: 'Lwfansau trwyddedau',
  intro:
    'Dewiswch safle neu grŵp safleoedd, yna nodwch faint o drwyddedau dros dro a pharhaol a all fod yn gyfredol neu i ddod yno. Gadewch werth yn wag os nad oes terfyn.',
  site: 'Safle neu grŵp safleoedd',
  dataName: 'lwfansau trwyddedau',
  columns: {
    site: 'Safle neu grŵp safleoedd',
    temporary: 'Lwfans dros dro',
    permanent: 'Lwfans parhaol',
  },
  groupRow: '{{number}} (y grŵp cyfan)',
  temporaryLabel: 'Lwfans dros dro ar gyfer {{number}}',
  permanentLabel: 'Lwfans parhaol ar gyfer {{number}}',
  unlimited: 'Dim terfyn',
  /** Beside each allowance: the current and upcoming permits that count against it now. */
  inUse_zero: '{{count}} yn cael eu defnyddio nawr',
  inUse_one: '{{count}} yn cael ei defnyddio nawr',
  inUse_two: '{{count}} yn cael eu defnyddio nawr',
  inUse_few: '{{count}} yn cael eu defnyddio nawr',
  inUse_many: '{{count}} yn cael eu defnyddio nawr',
  inUse_other: '{{count}} yn cael eu defnyddio nawr',
  /** The contract's allowance value codes. */
  errors: {
    invalidType: 'Rhaid i’r lwfans fod yn rhif cyfan sy’n 0 o leiaf, neu’n wag os nad oes terfyn.',
    wholeNumber: 'Rhaid i’r lwfans fod yn rhif cyfan.',
    tooSmall: 'Rhaid i’r lwfans fod yn {{min}} o leiaf.',
    tooLarge: 'Mae’r lwfans yn rhy fawr.',
  },
  save: 'Cadw’r lwfansau',
  saved: 'Mae lwfansau’r trwyddedau wedi’u cadw.',
  failed: 'Methwyd â chadw lwfansau’r trwyddedau. Gwiriwch y gwerthoedd a rhowch gynnig arall arni.',
  exceeded:
    'Pan fydd lwfans wedi’i gyrraedd, ni ellir ychwanegu rhagor o drwyddedau o’r math hwnnw yno; gofynnir i ddefnyddwyr gysylltu â’u cynrychiolydd cyswllt cleientiaid, ar {{phone}} neu drwy e-bostio {{email}} (y cyswllt cymorth yng ngosodiadau’r rhaglen).',
};

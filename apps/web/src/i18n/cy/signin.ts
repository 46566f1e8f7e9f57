import type { signin as english } from '../en/signin';
import type { WelshTable } from '../welsh-table';

export const signin: WelshTable<typeof english> = {
  privacyNotice: 'Sut rydym yn defnyddio eich data personol (hysbysiad preifatrwydd)',
  title: 'Mewngofnodi',
  offerHeading: 'Gyda Client Portal, gallwch chi',
  offer: {
    permits: 'Rheoli trwyddedau',
    tickets: 'Canslo tâl parcio',
    account: 'Gweld gwybodaeth am eich cyfrif',
    reports: 'Gweld adroddiadau',
  },
  bannerLink: 'Rhagor o wybodaeth',
  email: 'Cyfeiriad e-bost',
  password: 'Cyfrinair',
  togglePassword: 'Dangos neu guddio’r cyfrinair',
  submit: 'Mewngofnodi',
  submitting: 'Wrthi’n mewngofnodi…',
  /** Rule codes of the contract's sign-in request, as the form says them (see i18n/rule-message.ts). */
  rules: {
    email: {
      required: 'Rhowch eich cyfeiriad e-bost.',
      email: 'Rhowch gyfeiriad e-bost dilys.',
      maxLength: 'Ni all eich cyfeiriad e-bost fod yn hwy na {{max}} nod.',
    },
    password: { required: 'Rhowch eich cyfrinair.' },
    required: 'Llenwch y maes hwn.',
    maxLength: 'Ni all hwn fod yn hwy na {{max}} nod.',
    invalidType: 'Llenwch y maes hwn.',
  },
  invalidCredentials: 'Mae’r cyfeiriad e-bost neu’r cyfrinair yn anghywir.',
  invitedHint:
    'Wedi cael gwahoddiad ond heb fewngofnodi eto? Dilynwch y ddolen yn eich e-bost gwahoddiad, neu gosodwch gyfrinair yma.',
  notConfirmed:
    'Nid yw eich cyfeiriad e-bost wedi’i gadarnhau eto. Dilynwch y ddolen yn eich e-bost gwahoddiad, neu ailosodwch eich cyfrinair i’w gadarnhau.',
  signInAgain: 'Mewngofnodwch eto.',
  userLocked: 'Mae eich cyfrif defnyddiwr wedi’i gloi.',
  unavailable: 'Nid oes modd mewngofnodi ar hyn o bryd. Rhowch gynnig arall arni ymhen ychydig funudau.',
  signingOut: 'Wrthi’n allgofnodi…',
};

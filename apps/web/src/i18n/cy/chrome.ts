import type { chrome as english } from '../en/chrome';
import type { WelshTable } from '../welsh-table';

export const chrome: WelshTable<typeof english> = {
  backToWebsite: 'Yn ôl i’r wefan',
  manageAccount: 'Rheoli cyfrif',
  account: 'Cyfrif',
  accountMenu: {
    colourMode: 'Modd lliw',
    modes: { light: 'Golau', dark: 'Tywyll', system: 'Yr un fath â’m dyfais' },
  },
  help: 'Cymorth',
  signIn: 'Mewngofnodi',
  signOut: 'Allgofnodi',
  signedInAs: 'Wedi mewngofnodi fel {{email}}',
  toggleNavigation: 'Dangos neu guddio’r llywio',
  mainNavigation: 'Prif lywio',
  skipToContent: 'Neidio i’r prif gynnwys',
  nav: {
    dashboard: 'Dangosfwrdd',
    account: 'Cyfrif',
    permits: 'Trwyddedau',
    visitors: 'Dolenni ymwelwyr',
    tickets: 'Taliadau parcio',
    invoicing: 'Anfonebu',
    statistics: 'Ystadegau',
    reports: 'Adroddiadau',
    admin: 'Gweinyddu',
    sendNotifications: 'Anfon hysbysiadau',
  },
  footer: {
    privacy: 'Hysbysiad preifatrwydd',
    association:
      'Rydym yn aelod o’r British Parking Association ac yn cymryd rhan yn ei chynllun Approved Operator Scheme.',
    registration:
      'Client Portal Parking Ltd. Cofrestrwyd yng Nghymru a Lloegr, rhif cwmni 01234567. Swyddfa gofrestredig: 1 Example Street, London EC1A 1AA.',
  },
  notFound: {
    title: 'Tudalen heb ei chanfod',
    body: 'Nid oeddem yn gallu dod o hyd i’r dudalen y gofynnoch amdani.',
    home: 'Mynd i’r hafan',
  },
  banner: {
    close: 'Cau',
    connectionLost:
      'Collwyd y cysylltiad â gwasanaethau API Client Portal. Arhoswch am ychydig neu ceisiwch adnewyddu’r dudalen.',
    offlineScheduled:
      'Bydd Client Portal yn mynd all-lein ar gyfer gwaith cynnal a chadw wedi’i gynllunio ar {{time}}. Cadwch eich gwaith cyn hynny.',
    offlineNow:
      'Mae Client Portal wedi bod all-lein ar gyfer gwaith cynnal a chadw ers {{time}}. Dim ond gweinyddwyr y system sy’n gallu ei ddefnyddio nes i’r dyddiad all-lein gael ei glirio.',
  },
  maintenance: {
    title: 'Mae Client Portal all-lein ar gyfer gwaith cynnal a chadw',
    defaultMessage:
      'Rydym yn gwneud gwaith cynnal a chadw wedi’i gynllunio. Rhowch gynnig arall arni yn nes ymlaen.',
    adminHint: 'Gall gweinyddwyr y system fewngofnodi o hyd.',
    adminSignIn: 'Mewngofnodi fel gweinyddwr',
    signInNotice:
      'Mae Client Portal all-lein ar gyfer gwaith cynnal a chadw. Dim ond gweinyddwyr y system sy’n gallu mewngofnodi.',
  },
  admin: {
    title: 'Gweinyddu',
    intro: 'Dewiswch beth yr hoffech ei reoli.',
    settingsHeading: 'Gosodiadau’r rhaglen',
    usersHeading: 'Defnyddwyr a rolau',
    accounts: 'Cyfrifon defnyddwyr',
    roles: 'Rolau defnyddwyr',
    apiKeys: 'Allweddi API',
    webhooks: 'Bachau gwe',
    privacy: 'Ceisiadau gwrthrych am wybodaeth a dileu data',
    retention: 'Cyfnodau cadw cwmnïau cleient',
  },
  checkingAccess: 'Wrthi’n gwirio eich mynediad…',
  userInfoFailed: 'Methwyd â llwytho gwybodaeth y defnyddiwr.',
};

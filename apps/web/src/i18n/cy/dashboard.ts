import type { dashboard as english } from '../en/dashboard';
import type { WelshTable } from '../welsh-table';

export const dashboard: WelshTable<typeof english> = {
  title: 'Dangosfwrdd',
  welcomeUser: 'Croeso, {{email}}',
  greeting: 'Helo, {{name}}. Rydych wedi mewngofnodi fel {{email}}.',
  counters: {
    heading: 'Eich trwyddedau',
    current: 'Trwyddedau gweithredol',
    expired: 'Trwyddedau sydd wedi dod i ben',
    expiringSoon: 'Yn dod i ben yn ystod y 7 diwrnod nesaf',
    upcoming: 'Trwyddedau i ddod',
    unavailable: '-',
  },
  charges: {
    heading: 'Taliadau yn eich meysydd parcio',
    open: 'Taliadau agored a roddwyd yn ystod y {{days}} diwrnod diwethaf',
    covered: '… ac o’r rhain, roedd gan y cerbyd drwydded',
    allowancesCaption: 'Taliadau a ganslwyd ac a leihawyd y mis hwn, o’r nifer a ganiateir',
    cancellations: 'Wedi’u canslo',
    reductions: 'Wedi’u lleihau',
  },
  recent: {
    heading: 'Eich camau diweddar',
    none: 'Dim byd eto: bydd yr hyn rydych yn ei ychwanegu, yn ei newid neu’n ei ganslo yn ymddangos yma.',
    failed: 'Nid oedd modd llwytho eich camau diweddar.',
  },
  news: {
    label: 'Y newyddion diweddaraf',
    readMore: 'Darllen rhagor',
  },
  visitors: {
    heading: 'Ymwelwyr a gofrestrodd eu hunain',
    today: 'Trwyddedau ymwelwyr a ychwanegwyd heddiw',
    active: 'Trwyddedau ymwelwyr sy’n weithredol nawr',
    awaiting: 'Ymwelwyr sy’n aros am gymeradwyaeth',
  },
  campaigns: {
    heading: 'Ymgyrchoedd',
    referralAlt:
      'Cyfeirio ffrind: ydych chi’n gwybod am fusnes sydd angen lle i barcio? Cyfeiriwch y busnes atom a chewch fis o reoli trwyddedau am ddim ar gyfer eich safle.',
    mobileAlt: 'Wrth symud: ychwanegu, gwirio a therfynu trwyddedau o unrhyw ffôn, ble bynnag rydych chi.',
  },
};

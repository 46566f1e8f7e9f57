import type { WelshTable } from '@client-portal/contract';
import type { mail as english } from '../en/mail.js';

/** The e-mails in Welsh (decision 49): the English table's keys and {{values}}, Welsh plural forms added. */
export const mail: WelshTable<typeof english> = {
  product: 'Client Portal',
  buttonFallback: "Os nad yw'r botwm yn gweithio, copïwch y cyfeiriad hwn i'ch porwr:",
  identity: {
    confirmLink: 'Cadarnhewch eich cyfeiriad e-bost',
    signIn: 'Mewngofnodi',
    invitation: {
      subject: 'Eich cyfrif {{product}}',
      created: 'Mae cyfrif wedi cael ei greu i chi ar {{product}} gyda’r cyfeiriad e-bost {{email}}.',
      setsPassword:
        "Agorwch y ddolen isod i gadarnhau eich cyfeiriad e-bost, yna dewiswch eich cyfrinair. Mae'r ddolen yn ddilys am 7 diwrnod.",
      confirmOnly:
        "Agorwch y ddolen isod i gadarnhau eich cyfeiriad e-bost. Mae'r ddolen yn ddilys am 7 diwrnod.",
    },
    emailChanged: {
      subject: 'Cadarnhewch gyfeiriad e-bost newydd eich cyfrif {{product}}',
      changed: 'Cafodd cyfeiriad e-bost eich cyfrif {{product}} ei newid i {{email}}.',
      setsPassword:
        "Agorwch y ddolen isod i gadarnhau'r cyfeiriad hwn, yna dewiswch eich cyfrinair. Mae'r ddolen yn ddilys am 7 diwrnod.",
      confirmOnly:
        "Agorwch y ddolen isod i gadarnhau'r cyfeiriad hwn. Mae'r ddolen yn ddilys am 7 diwrnod; tan hynny ni allwch fewngofnodi.",
    },
    emailChangedNotice: {
      subject: 'Cafodd cyfeiriad e-bost eich cyfrif {{product}} ei newid',
      changed:
        "Cafodd cyfeiriad e-bost y cyfrif {{product}} {{email}} ei newid i {{newEmail}}, a chafodd pob sesiwn o'r cyfrif ei hallgofnodi.",
      unexpected: "Os nad oeddech chi'n disgwyl hyn, rhowch wybod i'ch gweinyddwr ar unwaith.",
    },
    addressInUse: {
      subject: 'Ceisiodd rhywun ychwanegu cyfrif ar gyfer eich cyfeiriad ar {{product}}',
      tried:
        "Ceisiodd rhywun ar {{product}} ychwanegu cyfrif ar gyfer y cyfeiriad e-bost {{email}}. Mae gennych gyfrif gyda'r cyfeiriad hwn yn barod, felly ni newidiodd dim: mae eich cyfrif, ei gyfrinair a'i fynediad yn aros fel y maen nhw, ac ni ellir defnyddio ail gyfrif gyda'r cyfeiriad hwn.",
      advice:
        "Os oeddech chi'n disgwyl cael mynediad at ragor o safleoedd, gofynnwch i'r person a'ch ychwanegodd ofyn i'r gweithredwr; fel arall nid oes angen i chi wneud dim.",
    },
    resetLink: {
      subject: 'Ailosodwch eich cyfrinair {{product}}',
      asked: 'Gofynnodd rhywun am ailosod cyfrinair y cyfrif {{product}} {{email}}.',
      open: "Agorwch y ddolen isod i ddewis cyfrinair newydd. Mae'r ddolen yn ddilys am 24 awr ac yn gweithio unwaith.",
      ignore:
        'Os na wnaethoch chi ofyn am hyn, anwybyddwch y neges hon: mae eich cyfrinair yn aros fel y mae.',
      link: 'Dewiswch gyfrinair newydd',
    },
    passwordChanged: {
      subject_changed: 'Cafodd eich cyfrinair {{product}} ei newid',
      subject_reset: 'Cafodd eich cyfrinair {{product}} ei ailosod',
      done_changed:
        'Cafodd cyfrinair eich cyfrif {{product}} {{email}} ei newid gynnau, a chafodd eich sesiynau eraill eu hallgofnodi.',
      done_reset:
        'Cafodd cyfrinair eich cyfrif {{product}} {{email}} ei ailosod gynnau, a chafodd eich sesiynau eraill eu hallgofnodi.',
      unexpected:
        "Os na wnaethoch chi hyn, ailosodwch eich cyfrinair ar unwaith a rhowch wybod i'ch gweinyddwr.",
    },
    twoFactor: {
      subject_on: 'Cafodd dilysu dau ffactor ei droi ymlaen',
      subject_off: 'Cafodd dilysu dau ffactor ei ddiffodd',
      done_on:
        "Cafodd dilysu dau ffactor ei droi ymlaen ar gyfer eich cyfrif {{product}} {{email}}. Bydd angen cod o'ch ap dilysu, neu un o'ch codau adfer, arnoch chi nawr i fewngofnodi.",
      done_off:
        'Cafodd dilysu dau ffactor ei ddiffodd ar gyfer eich cyfrif {{product}} {{email}}. Rydych chi nawr yn mewngofnodi gyda’ch cyfrinair yn unig.',
      unexpected:
        "Os na wnaethoch chi hyn, ailosodwch eich cyfrinair ar unwaith a rhowch wybod i'ch gweinyddwr.",
      link: 'Eich cyfrif',
    },
  },
  visitors: {
    why: "Rydych chi'n cael yr e-bost hwn oherwydd bod eich cyfeiriad wedi'i roi ar dudalen gofrestru ymwelwyr.",
    code: {
      subject: 'Eich cod ymwelydd: {{code}}',
      code: 'Eich cod i gofrestru cerbyd {{registration}} yn {{site}} yw {{code}}.',
      typeIt:
        'Teipiwch ef ar y dudalen gofrestru o fewn {{minutes}} munud. Nid oes dim yn cael ei gofrestru nes i chi wneud hynny.',
      ignore: "Os na wnaethoch chi ofyn am y cod hwn, gallwch anwybyddu'r e-bost hwn.",
    },
    receipt: {
      subject: 'Wedi cofrestru: {{registration}} yn {{site}} ({{reference}})',
      registered: "Mae eich cerbyd {{registration}} wedi'i gofrestru yn {{site}}.",
      keep: "Cadwch y cyfeirnod: dyma'r prawf eich bod wedi cofrestru. Byddwn yn eich atgoffa 15 munud cyn iddo ddod i ben.",
    },
    items: {
      reference: 'Cyfeirnod: {{value}}',
      site: 'Safle: {{value}}',
      registration: 'Rhif cofrestru’r cerbyd: {{value}}',
      ends: 'Yn dod i ben: {{value}}',
    },
    reminder: {
      subject: 'Mae eich parcio yn {{site}} yn dod i ben am {{time}}',
      ends: 'Mae eich cofrestriad o {{registration}} yn {{site}} ({{reference}}) yn dod i ben ar {{when}}.',
      longer: "Os oes angen i chi aros yn hirach, gofynnwch i'r dderbynfa cyn hynny.",
    },
    refused: {
      subject: 'Ni chafodd eich cofrestriad ymwelydd yn {{site}} ei gymeradwyo',
      refused:
        "Ni chafodd eich cofrestriad o {{registration}} yn {{site}} ei gymeradwyo, felly nid yw wedi'i gofrestru.",
      ask: "Gofynnwch i'r dderbynfa, a all eich helpu.",
    },
    awaiting: {
      subject: 'Mae eich cofrestriad ymwelydd yn {{site}} yn aros am gymeradwyaeth',
      waiting: "Mae eich cofrestriad o {{registration}} yn {{site}} yn aros i'ch gwesteiwr ei gymeradwyo.",
      until:
        "Byddwn yn anfon e-bost atoch pan fyddan nhw'n gwneud hynny. Tan hynny nid yw eich cerbyd wedi'i gofrestru.",
    },
  },
  permits: {
    items: {
      reference: 'Cyfeirnod: {{value}}',
      site: 'Safle: {{value}}',
      registration: 'Rhif cofrestru’r cerbyd: {{value}}',
      driverName: 'Enw’r gyrrwr: {{value}}',
      type: 'Math: {{value}}',
      temporary: 'Dros dro',
      permanent: 'Parhaol',
      startDate: 'Dyddiad dechrau: {{value}}',
      endDate: 'Dyddiad gorffen: {{value}}',
      authorisedBy: 'Awdurdodwyd gan: {{value}}',
    },
    single: {
      subject: 'Trwydded {{reference}} wedi’i hychwanegu ar gyfer {{registration}}',
      addedByYou: 'Fe wnaethoch chi ychwanegu trwydded ar gyfer {{registration}} yn {{site}} ar {{when}}.',
      addedByKey:
        'Ychwanegodd eich allwedd API "{{key}}" drwydded ar gyfer {{registration}} yn {{site}} ar {{when}}.',
      keep: "Cadwch ei chyfeirnod: dyma'r prawf bod y cerbyd wedi'i gofrestru.",
      link: 'Agor y drwydded yn {{product}}',
      whyYou: "Rydych chi'n cael yr e-bost hwn oherwydd eich bod wedi ychwanegu'r drwydded hon.",
      whyKey:
        'Rydych chi’n cael yr e-bost hwn oherwydd bod eich allwedd API "{{key}}" wedi ychwanegu’r drwydded hon.',
    },
    driver: {
      subject: 'Eich trwydded parcio {{reference}} ar gyfer {{registration}}',
      registered: "Mae trwydded parcio wedi'i chofrestru ar gyfer cerbyd {{registration}} yn {{site}}.",
      quote: 'Dyfynnwch ei chyfeirnod os bydd rhywun yn gofyn i chi amdani.',
      why: "Rydych chi'n cael yr e-bost hwn oherwydd bod eich cyfeiriad wedi'i roi pan ychwanegwyd y drwydded; nid yw'n cael ei gadw.",
    },
    several: {
      subject_zero: "{{count}} o drwyddedau wedi'u hychwanegu",
      subject_one: "{{count}} drwydded wedi'i hychwanegu",
      subject_two: "{{count}} drwydded wedi'u hychwanegu",
      subject_few: "{{count}} o drwyddedau wedi'u hychwanegu",
      subject_many: "{{count}} o drwyddedau wedi'u hychwanegu",
      subject_other: "{{count}} o drwyddedau wedi'u hychwanegu",
      addedByYou_zero: 'Fe wnaethoch chi ychwanegu {{count}} o drwyddedau ar {{when}}.',
      addedByYou_one: 'Fe wnaethoch chi ychwanegu {{count}} drwydded ar {{when}}.',
      addedByYou_two: 'Fe wnaethoch chi ychwanegu {{count}} drwydded ar {{when}}.',
      addedByYou_few: 'Fe wnaethoch chi ychwanegu {{count}} o drwyddedau ar {{when}}.',
      addedByYou_many: 'Fe wnaethoch chi ychwanegu {{count}} o drwyddedau ar {{when}}.',
      addedByYou_other: 'Fe wnaethoch chi ychwanegu {{count}} o drwyddedau ar {{when}}.',
      addedByKey_zero: 'Ychwanegodd eich allwedd API "{{key}}" {{count}} o drwyddedau ar {{when}}.',
      addedByKey_one: 'Ychwanegodd eich allwedd API "{{key}}" {{count}} drwydded ar {{when}}.',
      addedByKey_two: 'Ychwanegodd eich allwedd API "{{key}}" {{count}} drwydded ar {{when}}.',
      addedByKey_few: 'Ychwanegodd eich allwedd API "{{key}}" {{count}} o drwyddedau ar {{when}}.',
      addedByKey_many: 'Ychwanegodd eich allwedd API "{{key}}" {{count}} o drwyddedau ar {{when}}.',
      addedByKey_other: 'Ychwanegodd eich allwedd API "{{key}}" {{count}} o drwyddedau ar {{when}}.',
      fromUpload: 'Daethon nhw o uwchlwythiad swmp.',
      proof: "Pob cyfeirnod yw'r prawf bod ei gerbyd wedi'i gofrestru.",
      line: '{{reference}}: {{registration}} yn {{site}}, {{from}} i {{to}}',
      more: "a {{count}} arall: mae'r rhestr drwyddedau yn dangos pob un",
      link: 'Agor trwyddedau yn {{product}}',
      whyYou: "Rydych chi'n cael yr e-bost hwn oherwydd eich bod wedi ychwanegu'r trwyddedau hyn.",
      whyKey:
        'Rydych chi’n cael yr e-bost hwn oherwydd bod eich allwedd API "{{key}}" wedi ychwanegu’r trwyddedau hyn.',
    },
  },
  notifications: {
    urgent: 'Brys: {{title}}',
    open: 'Agor eich hysbysiadau',
    whyAnnouncements:
      "Rydych chi'n cael yr e-bost hwn oherwydd bod negeseuon e-bost cyhoeddiadau ymlaen yn eich dewisiadau hysbysiadau.",
  },
  tickets: {
    subject_cancelled: 'Tâl parcio {{ticket}} wedi’i ganslo',
    subject_reduced: 'Tâl parcio {{ticket}} wedi’i leihau',
    intro_cancelled: 'Dyma eich derbynneb: fe wnaethoch chi ganslo tâl parcio {{ticket}}.',
    intro_reduced: 'Dyma eich derbynneb: fe wnaethoch chi leihau tâl parcio {{ticket}}.',
    ticket: 'Tâl parcio: {{value}}',
    registration: 'Rhif cofrestru’r cerbyd: {{value}}',
    site: 'Safle: {{value}}',
    action_cancelled: 'Cam gweithredu: canslwyd ar {{when}}',
    action_reduced: 'Cam gweithredu: lleihawyd ar {{when}}',
    due: 'Swm sy’n ddyledus nawr: {{amount}}',
    link_cancelled: 'Taliadau parcio wedi’u canslo',
    link_reduced: 'Taliadau parcio wedi’u lleihau',
    why: "Rydych chi'n cael yr e-bost hwn oherwydd bod derbynebau camau ar daliadau parcio ymlaen ar gyfer eich cyfrif; diffoddwch yr e-bost yn eich dewisiadau hysbysiadau.",
  },
  digest: {
    subject_zero: "Trwyddedau'n dod i ben cyn bo hir: {{count}} o drwyddedau o fewn {{days}} diwrnod",
    subject_one: "Trwyddedau'n dod i ben cyn bo hir: {{count}} drwydded o fewn {{days}} diwrnod",
    subject_two: "Trwyddedau'n dod i ben cyn bo hir: {{count}} drwydded o fewn {{days}} diwrnod",
    subject_few: "Trwyddedau'n dod i ben cyn bo hir: {{count}} o drwyddedau o fewn {{days}} diwrnod",
    subject_many: "Trwyddedau'n dod i ben cyn bo hir: {{count}} o drwyddedau o fewn {{days}} diwrnod",
    subject_other: "Trwyddedau'n dod i ben cyn bo hir: {{count}} o drwyddedau o fewn {{days}} diwrnod",
    intro_zero: 'Mae {{count}} o drwyddedau yn dod i ben yn eich safleoedd o fewn y {{days}} diwrnod nesaf:',
    intro_one: 'Mae {{count}} drwydded yn dod i ben yn eich safleoedd o fewn y {{days}} diwrnod nesaf:',
    intro_two: 'Mae {{count}} drwydded yn dod i ben yn eich safleoedd o fewn y {{days}} diwrnod nesaf:',
    intro_few: 'Mae {{count}} o drwyddedau yn dod i ben yn eich safleoedd o fewn y {{days}} diwrnod nesaf:',
    intro_many: 'Mae {{count}} o drwyddedau yn dod i ben yn eich safleoedd o fewn y {{days}} diwrnod nesaf:',
    intro_other: 'Mae {{count}} o drwyddedau yn dod i ben yn eich safleoedd o fewn y {{days}} diwrnod nesaf:',
    introSoonest_zero:
      'Mae {{count}} o drwyddedau yn dod i ben yn eich safleoedd o fewn y {{days}} diwrnod nesaf. Y {{listed}} cyntaf:',
    introSoonest_one:
      'Mae {{count}} drwydded yn dod i ben yn eich safleoedd o fewn y {{days}} diwrnod nesaf. Y {{listed}} cyntaf:',
    introSoonest_two:
      'Mae {{count}} drwydded yn dod i ben yn eich safleoedd o fewn y {{days}} diwrnod nesaf. Y {{listed}} cyntaf:',
    introSoonest_few:
      'Mae {{count}} o drwyddedau yn dod i ben yn eich safleoedd o fewn y {{days}} diwrnod nesaf. Y {{listed}} cyntaf:',
    introSoonest_many:
      'Mae {{count}} o drwyddedau yn dod i ben yn eich safleoedd o fewn y {{days}} diwrnod nesaf. Y {{listed}} cyntaf:',
    introSoonest_other:
      'Mae {{count}} o drwyddedau yn dod i ben yn eich safleoedd o fewn y {{days}} diwrnod nesaf. Y {{listed}} cyntaf:',
    line: '{{registration}} ({{driver}}) yn {{place}}, yn dod i ben {{ends}}',
    groupPlace: 'grŵp safleoedd {{number}} {{name}}',
    sitePlace: '{{number}} {{name}}',
    more: "a {{count}} arall: mae'r rhestr drwyddedau wedi'i hidlo i'r rhai sy'n dod i ben cyn bo hir yn dangos pob un",
    link: "Agor y trwyddedau sy'n dod i ben cyn bo hir",
    why: "Rydych chi'n cael yr e-bost hwn oherwydd bod y crynodeb o drwyddedau'n dod i ben ymlaen ar gyfer eich cyfrif; diffoddwch yr e-bost yn eich dewisiadau hysbysiadau.",
  },
  subscription: {
    weekly: 'Eich adroddiad wythnosol {{report}} ar gyfer {{where}}, {{period}}.',
    monthly: 'Eich adroddiad misol {{report}} ar gyfer {{where}}, {{period}}.',
    site: 'safle neu grŵp {{site}}',
    allSites: 'eich holl safleoedd',
    period: '{{from}} i {{to}}',
    attached: "Mae'r adroddiad ynghlwm.",
    tooLarge: "Mae'r adroddiad yn rhy fawr i'w atodi: lawrlwythwch ef o'r porth (mewngofnodwch yn gyntaf).",
    download: "Lawrlwythwch ef o'r porth (mewngofnodwch yn gyntaf).",
    open: 'Agor yr adroddiad',
    why: "Rydych chi'n cael hwn oherwydd eich bod wedi tanysgrifio iddo. Canslwch y tanysgrifiad ar y dudalen Adroddiadau.",
    subject: '{{report}}: {{period}}',
  },
  webhooks: {
    subject: 'Cafodd eich bachyn gwe {{product}} ei ddiffodd',
    failed:
      "Mae pob anfoniad i'ch bachyn gwe {{url}} wedi methu ers diwrnod, felly mae {{product}} wedi'i ddiffodd.",
    log: "Mae'r anfoniadau a'r atebion a roddodd eich derbynnydd yn ei log. Pan fydd y derbynnydd yn gweithio eto, trowch y bachyn gwe yn ôl ymlaen yno ac ailchwaraewch yr anfoniadau sydd eu hangen arnoch.",
    open: 'Agor eich bachau gwe',
  },
  news: {
    subject: 'Y newyddion diweddaraf: {{heading}}',
    readMore: 'Darllen rhagor',
    open: 'Agor {{product}}',
    why: "Rydych chi'n cael yr e-bost hwn oherwydd bod negeseuon e-bost y newyddion diweddaraf ymlaen ar gyfer eich cyfrif.",
  },
};

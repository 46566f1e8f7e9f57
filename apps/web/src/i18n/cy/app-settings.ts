import type { appSettings as english } from '../en/app-settings';
import type { WelshTable } from '../welsh-table';

export const appSettings: WelshTable<typeof english> = {
  form: {
    save: 'Cadw',
    saved: 'Mae’r gosodiad wedi’i gadw. Bydd defnyddwyr eraill yn gweld y newid o fewn 5 munud.',
    failed: 'Methwyd â diweddaru gosodiad y rhaglen.',
    required: 'Rhowch rif.',
    invalidDate: 'Rhowch ddyddiad ac amser dilys.',
    preview: 'Rhagolwg',
    previewEmpty: 'Nid oes dim i’w ddangos yn y rhagolwg.',
  },
  /**
   * Rule codes of the contract's config entries (see i18n/rule-message.ts); {{field}} from ruleLabels.
   * In Welsh {{field}} follows "ar gyfer" or "Ni chaiff", which leave it unmutated, and each label
   * starts without the article, so no sentence needs "i’r"/"’r" before it.
   */
  rules: {
    maxLength: 'Ni chaiff {{field}} fod yn hwy na {{max}} nod.',
    url: 'Rhowch gyfeiriad gwe (http neu https) ar gyfer {{field}}.',
    wholeNumber: 'Rhowch rif cyfan ar gyfer {{field}}.',
    outOfRange: 'Rhowch rif rhwng {{min}} a {{max}} ar gyfer {{field}}.',
    ukPhone: 'Rhowch rif ffôn yn y DU ar gyfer {{field}}, fel 020 7946 0018 neu +44 20 7946 0018.',
    email: 'Rhowch gyfeiriad e-bost ar gyfer {{field}}, fel support@example.com.',
    ApplicationOfflineDate: {
      invalidDate: 'Rhowch ddyddiad ac amser ISO ar gyfer {{field}}, fel 2025-01-31T22:00:00Z.',
    },
    WinterDecorationDate: {
      invalidDate: 'Rhowch ddyddiad ISO (bbbb-mm-dd) neu ddyddiad ac amser ar gyfer {{field}}.',
    },
  },
  /** Each entry as the rule messages name it (in mid-sentence, without a leading article). */
  ruleLabels: {
    ApplicationOfflineDate: 'dyddiad y cyfnod all-lein',
    ApplicationOfflineMessage: 'neges y cyfnod all-lein',
    WinterDecorationDate: 'dyddiad addurniadau’r gaeaf',
    SignInBannerHeading: 'pennawd y faner',
    SignInBannerBody: 'testun y faner',
    SignInBannerUrl: 'dolen y faner',
    LatestNewsMessageHeading: 'pennawd y newyddion',
    LatestNewsMessageDate: 'dyddiad y newyddion',
    LatestNewsMessageBody: 'testun y newyddion',
    LatestNewsMessageUrl: 'dolen y newyddion',
    WelcomeMessage: 'neges groeso’r dangosfwrdd',
    PermanentPermitYears: 'nifer blynyddoedd trwydded barhaol',
    PermitExpiredDays: 'nifer y diwrnodau ar gyfer trwyddedau sydd wedi dod i ben',
    TicketReduceDays: 'nifer y diwrnodau ar gyfer lleihau taliadau parcio',
    SupportPhone: 'rhif ffôn y tîm cymorth',
    SupportEmail: 'cyfeiriad e-bost y tîm cymorth',
    SupportHours: 'oriau agor y tîm cymorth',
    RetentionCameraReadDays: 'nifer y diwrnodau y caiff darlleniadau camera eu cadw',
    RetentionPermitMonths: 'nifer y misoedd y mae trwyddedau sydd wedi dod i ben yn cadw eu rhif cofrestru',
    RetentionTransactionMonths: 'nifer y misoedd y mae trafodion yn cadw eu rhif cofrestru',
    RetentionAuditMonths: 'nifer y misoedd y caiff cofnodion hanes eu cadw',
    RetentionNotificationMonths: 'nifer y misoedd y caiff hysbysiadau eu cadw',
  },
  retention: {
    title: 'Cadw data personol',
    months: 'Misoedd',
    cameraReads: {
      title: 'Darlleniadau camera',
      intro:
        'Am sawl diwrnod y mae darlleniad camera heb dâl parcio agored yn cadw ei rif cofrestru. Gall cwmni cleient osod cyfnod byrrach ar gyfer ei safleoedd, ond byth un hirach.',
      days: 'Diwrnodau',
    },
    permits: {
      title: 'Trwyddedau sydd wedi dod i ben neu wedi’u canslo',
      intro: 'Am sawl mis ar ôl iddi ddod i ben y mae trwydded yn cadw ei rhif cofrestru ac enw’r gyrrwr.',
    },
    transactions: {
      title: 'Trafodion parcio',
      intro: 'Am sawl mis y mae trafodiad parcio yn cadw ei rif cofrestru. Mae ei swm a’i amseroedd yn aros.',
    },
    audit: {
      title: 'Cofnodion hanes',
      intro: 'Am sawl mis y caiff cofnodion mewngofnodi a newidiadau i gyfrifon a gosodiadau eu cadw.',
    },
    notifications: {
      title: 'Hysbysiadau',
      intro: 'Am sawl mis y caiff hysbysiad ei gadw ar ôl iddo gael ei ysgrifennu.',
    },
  },
  support: {
    title: 'Manylion cyswllt cymorth',
    intro:
      'Sut mae cleientiaid yn cysylltu â chi: mae’r manylion hyn i’w gweld ar dudalennau Cymorth a Help pob defnyddiwr ac ym mhob neges sy’n gofyn iddynt gysylltu â’u cynrychiolydd.',
    phone: 'Ffôn',
    phoneHint: 'Rhif yn y DU, fel 020 7946 0018.',
    email: 'Cyfeiriad e-bost',
    hours: 'Oriau agor',
    hoursHint: 'Mewn geiriau syml, fel dydd Llun i ddydd Gwener, 8yb i 6yh.',
  },
  latestNews: {
    title: 'Y newyddion diweddaraf',
    intro: 'Y cerdyn newyddion ar y dangosfwrdd. Gadewch faes yn wag i’w dynnu oddi ar y cerdyn.',
    heading: 'Pennawd',
    date: 'Dyddiad',
    dateHint: 'Caiff ei ddangos fel y mae wedi’i ysgrifennu, er enghraifft 3 Mawrth 2025.',
    body: 'Testun',
    url: 'Dolen Darllen rhagor',
    urlHint: 'Cyfeiriad gwe sy’n dechrau gyda https://',
  },
  welcome: {
    title: 'Neges groeso',
    intro: 'Caiff ei dangos ar frig y dangosfwrdd. Gadewch hi’n wag i beidio â dangos neges.',
    message: 'Neges groeso',
  },
  permanentYears: {
    title: 'Blynyddoedd trwydded hirdymor',
    intro: 'Am sawl blwyddyn y mae trwydded hirdymor (parhaol) yn para.',
    years: 'Blynyddoedd',
  },
  expiredDays: {
    title: 'Diwrnodau trwyddedau sydd wedi dod i ben',
    intro: 'Am sawl diwrnod y mae trwyddedau sydd wedi dod i ben yn aros yn y rhestr trwyddedau (1 i 7).',
    days: 'Diwrnodau',
  },
  reduceDays: {
    title: 'Diwrnodau lleihau taliadau parcio',
    intro: 'Am sawl diwrnod y mae tâl parcio sydd wedi’i leihau yn cadw’r swm llai.',
    days: 'Diwrnodau',
  },
  system: {
    title: 'Gosodiadau’r system',
    maintenance: {
      title: 'Cynnal a chadw',
      intro:
        'O’r dyddiad all-lein ymlaen, bydd pawb ac eithrio gweinyddwyr y system yn gweld y sgrin cynnal a chadw ac ni fyddant yn gallu gwneud newidiadau. Cyn hynny, bydd defnyddwyr yn gweld hysbysiad. Cliriwch y dyddiad i ddod â’r gwaith cynnal a chadw i ben.',
      date: 'All-lein o',
      dateHint: 'Yn eich amser lleol. Gadewch yn wag os nad oes gwaith cynnal a chadw.',
      message: 'Neges cynnal a chadw',
      messageHint:
        'Wedi’i hysgrifennu fel hysbysiad: **trwm**, *italig*, [dolenni](https://…), dolenni tel: a mailto:, a rhestrau. Mae llinell wag yn dechrau paragraff newydd.',
    },
    winter: {
      title: 'Addurniadau’r gaeaf',
      intro:
        'Bydd plu eira yn disgyn yn y bar llywio o’r dyddiad hwn ymlaen. Cliriwch y dyddiad i ddiffodd yr addurniadau.',
      date: 'Dangos o',
      dateHint: 'Yn eich amser lleol. Gadewch yn wag os nad ydych eisiau addurniadau.',
    },
    banner: {
      title: 'Baner mewngofnodi',
      intro:
        'Baner wybodaeth wrth ymyl y ffurflen mewngofnodi. Gadewch y pennawd a’r testun yn wag i’w chuddio.',
      heading: 'Pennawd',
      body: 'Testun',
      url: 'Dolen',
    },
  },
};

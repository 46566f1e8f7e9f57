import type { privacy as english } from '../en/privacy';
import type { WelshTable } from '../welsh-table';

/** The privacy notice and the operator's subject access and erasure page (issue 28). */
export const privacy: WelshTable<typeof english> = {
  kinds: {
    permits: 'Trwyddedau',
    permitHistory: 'Hanes trwyddedau',
    sightings: 'Darlleniadau camera',
    tickets: 'Taliadau parcio',
    ticketActions: 'Camau a gymerwyd ar daliadau parcio',
    transactions: 'Trafodion parcio',
    accounts: 'Cyfrifon y porth',
    signInHistory: 'Hanes mewngofnodi a chyfrifon',
    notifications: 'Hysbysiadau',
  },
  notice: {
    title: 'Hysbysiad preifatrwydd',
    intro:
      'Mae Client Portal Parking Ltd yn rhedeg y porth hwn ar gyfer y cwmnïau rydym yn rheoli eu meysydd parcio. Mae’r hysbysiad hwn yn nodi pa ddata personol y mae’r porth yn ei gadw, pam, am ba hyd a phwy sy’n ei weld. Dim ond cyhyd ag y mae ei angen arnom y byddwn yn ei gadw.',
    whatHeading: 'Beth rydym yn ei gadw a pham',
    what: {
      permits:
        'Trwyddedau parcio: rhif cofrestru’r cerbyd ac enw’r gyrrwr, fel nad yw’r cerbyd yn cael tâl parcio tra bo ganddo hawl i barcio.',
      sightings:
        'Darlleniadau ein camerâu rhifau cofrestru: y rhif cofrestru a phryd y cyrhaeddodd ac y gadawodd y cerbyd, er mwyn ei wirio yn erbyn trwyddedau a thaliadau.',
      tickets: 'Taliadau parcio: y rhif cofrestru, y tramgwydd, y symiau a’r hyn a wnaed yn eu cylch.',
      transactions:
        'Trafodion parcio: y rhif cofrestru, pryd, am ba hyd a faint a dalwyd, ar gyfer anfonebau ac ystadegau.',
      accounts:
        'Cyfrifon porth staff ein cleientiaid: cyfeiriad e-bost, mewngofnodion a newidiadau i’r cyfrif, er diogelwch, a’r hysbysiadau a gawsant.',
    },
    howLongHeading: 'Am ba hyd rydym yn ei gadw',
    appliesOperator: 'Dyma ein cyfnodau ar gyfer pob maes parcio.',
    appliesCompany:
      'Dyma’r cyfnodau ar gyfer meysydd parcio {{company}}, sydd wedi dewis cadw rhai cofnodion am lai o amser na’n cyfnodau ni.',
    carPark: 'Maes parcio: {{name}} (rhif {{number}})',
    appliesSiteCompany:
      'Dyma’r cyfnodau yn {{site}}, un o feysydd parcio {{company}}, sydd wedi dewis cadw rhai cofnodion am lai o amser na’n cyfnodau ni.',
    appliesSiteOperator: 'Dyma ein cyfnodau ni, sy’n berthnasol yn {{site}} fel ym mhob maes parcio.',
    loadingSite: 'Wrthi’n llwytho cyfnodau’r maes parcio hwn',
    unknownSite:
      'Nid ydym yn gwybod am faes parcio â’r rhif {{number}}. Dyma ein cyfnodau ein hunain; efallai fod cwmni cleient wedi dewis cyfnodau byrrach ar gyfer ei feysydd parcio.',
    siteFailed:
      'Nid oedd modd llwytho cyfnodau’r maes parcio hwn. Dyma ein cyfnodau ein hunain; efallai fod cwmni cleient wedi dewis cyfnodau byrrach ar gyfer ei feysydd parcio.',
    howLong: {
      sightings_zero: 'Darlleniadau camera heb dâl parcio agored: {{count}} diwrnod.',
      sightings_one: 'Darlleniadau camera heb dâl parcio agored: {{count}} diwrnod.',
      sightings_two: 'Darlleniadau camera heb dâl parcio agored: {{count}} ddiwrnod.',
      sightings_few: 'Darlleniadau camera heb dâl parcio agored: {{count}} diwrnod.',
      sightings_many: 'Darlleniadau camera heb dâl parcio agored: {{count}} diwrnod.',
      sightings_other: 'Darlleniadau camera heb dâl parcio agored: {{count}} diwrnod.',
      permits_zero:
        'Mae trwyddedau sydd wedi dod i ben neu wedi’u canslo yn cadw’r rhif cofrestru ac enw’r gyrrwr am {{count}} mis.',
      permits_one:
        'Mae trwyddedau sydd wedi dod i ben neu wedi’u canslo yn cadw’r rhif cofrestru ac enw’r gyrrwr am {{count}} mis.',
      permits_two:
        'Mae trwyddedau sydd wedi dod i ben neu wedi’u canslo yn cadw’r rhif cofrestru ac enw’r gyrrwr am {{count}} fis.',
      permits_few:
        'Mae trwyddedau sydd wedi dod i ben neu wedi’u canslo yn cadw’r rhif cofrestru ac enw’r gyrrwr am {{count}} mis.',
      permits_many:
        'Mae trwyddedau sydd wedi dod i ben neu wedi’u canslo yn cadw’r rhif cofrestru ac enw’r gyrrwr am {{count}} mis.',
      permits_other:
        'Mae trwyddedau sydd wedi dod i ben neu wedi’u canslo yn cadw’r rhif cofrestru ac enw’r gyrrwr am {{count}} mis.',
      transactions_zero: 'Mae trafodion parcio yn cadw’r rhif cofrestru am {{count}} mis.',
      transactions_one: 'Mae trafodion parcio yn cadw’r rhif cofrestru am {{count}} mis.',
      transactions_two: 'Mae trafodion parcio yn cadw’r rhif cofrestru am {{count}} fis.',
      transactions_few: 'Mae trafodion parcio yn cadw’r rhif cofrestru am {{count}} mis.',
      transactions_many: 'Mae trafodion parcio yn cadw’r rhif cofrestru am {{count}} mis.',
      transactions_other: 'Mae trafodion parcio yn cadw’r rhif cofrestru am {{count}} mis.',
      audit_zero: 'Mewngofnodion a newidiadau i gyfrifon a gosodiadau: {{count}} mis.',
      audit_one: 'Mewngofnodion a newidiadau i gyfrifon a gosodiadau: {{count}} mis.',
      audit_two: 'Mewngofnodion a newidiadau i gyfrifon a gosodiadau: {{count}} fis.',
      audit_few: 'Mewngofnodion a newidiadau i gyfrifon a gosodiadau: {{count}} mis.',
      audit_many: 'Mewngofnodion a newidiadau i gyfrifon a gosodiadau: {{count}} mis.',
      audit_other: 'Mewngofnodion a newidiadau i gyfrifon a gosodiadau: {{count}} mis.',
      notifications_zero: 'Hysbysiadau: {{count}} mis.',
      notifications_one: 'Hysbysiadau: {{count}} mis.',
      notifications_two: 'Hysbysiadau: {{count}} fis.',
      notifications_few: 'Hysbysiadau: {{count}} mis.',
      notifications_many: 'Hysbysiadau: {{count}} mis.',
      notifications_other: 'Hysbysiadau: {{count}} mis.',
      charges: 'Caiff cofnodion sydd eu hangen ar gyfer tâl parcio agored eu cadw nes bydd y tâl wedi’i gau.',
      after:
        'Ar ôl hynny, caiff rhifau cofrestru eu disodli gan god na ellir ei droi’n ôl yn rhif cofrestru, a chaiff enwau a chyfeiriadau e-bost eu dileu; mae symiau ac amseroedd yn aros ar gyfer ein hystadegau a’n hanfonebau. Gall cwmni cleient ddewis cyfnodau byrrach ar gyfer ei feysydd parcio.',
    },
    whoHeading: 'Pwy sy’n ei weld',
    who: 'Ein staff ni, a staff y cwmni cleient sy’n rheoli’r maes parcio, pob un ar gyfer y meysydd parcio y mae’n gofalu amdanynt yn unig.',
    rightsHeading: 'Eich hawliau',
    rights:
      'Gallwch ofyn am gopi o’r data personol sydd gennym amdanoch chi (cais gwrthrych am wybodaeth), a gofyn i ni ei ddileu. Rydym yn ateb o fewn mis. Caiff cofnodion sydd eu hangen ar gyfer tâl parcio agored eu cadw nes bydd y tâl wedi’i gau, a byddwn yn dweud wrthych pa rai.',
    contact: 'Anfonwch e-bost atom yn',
  },
  subjectAccess: {
    title: 'Ceisiadau gwrthrych am wybodaeth a dileu',
    intro:
      'Dewch o hyd i’r hyn sydd gan y porth am unigolyn drwy rif cofrestru cerbyd neu gyfeiriad e-bost, lawrlwythwch y cyfan fel un ffeil zip, neu rhowch ar waith gais i ddileu rydych chi wedi’i dderbyn. Caiff pob chwiliad, lawrlwythiad a dilead ei gofnodi yn yr hanes.',
    searchHeading: 'Dod o hyd i gofnodion unigolyn',
    searchBy: 'Chwilio yn ôl',
    byRegistration: 'Rhif cofrestru',
    byEmail: 'Cyfeiriad e-bost',
    registration: 'Rhif cofrestru’r cerbyd',
    email: 'Cyfeiriad e-bost',
    registrationInvalid: 'Rhowch rif cofrestru: llythrennau a digidau, 10 ar y mwyaf.',
    emailInvalid: 'Rhowch gyfeiriad e-bost, fel driver@example.com.',
    search: 'Chwilio',
    failed: 'Methodd y chwiliad. Rhowch gynnig arall arni.',
    foundHeading: 'Cofnodion a ganfuwyd',
    kind: 'Math o gofnod',
    records: 'Cofnodion',
    download: 'Lawrlwytho’r cyfan fel ffeil zip',
    downloadFailed: 'Methodd y lawrlwythiad. Rhowch gynnig arall arni.',
  },
  erasure: {
    heading: 'Dileu cofnodion yr unigolyn hwn',
    intro:
      'Dim ond pan fyddwch chi wedi derbyn y cais. Caiff rhifau cofrestru eu disodli gan god a chaiff enwau a chyfeiriadau e-bost eu dileu ar unwaith; caiff cofnodion sydd eu hangen ar gyfer tâl parcio agored eu cadw a’u rhestru.',
    reference: 'Cyfeirnod y cais',
    referenceHint: 'Rhif achos, nid enw’r unigolyn: caiff ei gofnodi yn yr hanes.',
    referenceRequired: 'Rhowch gyfeirnod y cais.',
    accept: 'Rwyf wedi derbyn y cais hwn i ddileu',
    acceptRequired: 'Cadarnhewch fod y cais wedi’i dderbyn.',
    submit: 'Dileu nawr',
    failed: 'Methodd y dileu. Rhowch gynnig arall arni.',
    done: 'Mae’r dileu wedi’i gwblhau',
    anonymised_zero: 'Cafodd {{count}} cofnod eu gwneud yn ddienw.',
    anonymised_one: 'Cafodd {{count}} cofnod ei wneud yn ddienw.',
    anonymised_two: 'Cafodd {{count}} gofnod eu gwneud yn ddienw.',
    anonymised_few: 'Cafodd {{count}} chofnod eu gwneud yn ddienw.',
    anonymised_many: 'Cafodd {{count}} chofnod eu gwneud yn ddienw.',
    anonymised_other: 'Cafodd {{count}} cofnod eu gwneud yn ddienw.',
    kept: 'Wedi’u cadw ar gyfer tâl parcio agored:',
  },
  clientRetention: {
    title: 'Cyfnodau cadw cwmnïau cleient',
    intro:
      'Caiff cwmni cleient gadw ei gofnodion am lai o amser na’n cyfnodau ni, ond byth yn hwy. Gadewch faes yn wag i gadw ein cyfnod ni; mae’r dasg gadw ddyddiol a’r hysbysiad preifatrwydd yn defnyddio’r hyn a gadwch.',
    search: 'Cwmni',
    searchHint: 'Rhan o enw’r cwmni (dangosir yr 20 cyntaf sy’n cyfateb, A i Y).',
    loading: 'Wrthi’n llwytho’r cwmnïau',
    loadFailed: 'Nid oedd modd llwytho’r cwmnïau. Rhowch gynnig arall arni yn nes ymlaen.',
    none: 'Nid oes cwmni’n cyfateb.',
    fields: {
      cameraReadDays: 'Dyddiau y cedwir darlleniadau camera heb dâl parcio agored',
      permitMonths: 'Misoedd y mae trwyddedau sydd wedi dod i ben yn cadw eu rhif cofrestru ac enw’r gyrrwr',
      transactionMonths: 'Misoedd y mae taliadau parcio yn cadw eu rhif cofrestru',
    },
    operator: {
      days_zero: 'Ein cyfnod ni ar y mwyaf: {{count}} diwrnod.',
      days_one: 'Ein cyfnod ni ar y mwyaf: {{count}} diwrnod.',
      days_two: 'Ein cyfnod ni ar y mwyaf: {{count}} ddiwrnod.',
      days_few: 'Ein cyfnod ni ar y mwyaf: {{count}} diwrnod.',
      days_many: 'Ein cyfnod ni ar y mwyaf: {{count}} diwrnod.',
      days_other: 'Ein cyfnod ni ar y mwyaf: {{count}} diwrnod.',
      months_zero: 'Ein cyfnod ni ar y mwyaf: {{count}} mis.',
      months_one: 'Ein cyfnod ni ar y mwyaf: {{count}} mis.',
      months_two: 'Ein cyfnod ni ar y mwyaf: {{count}} fis.',
      months_few: 'Ein cyfnod ni ar y mwyaf: {{count}} mis.',
      months_many: 'Ein cyfnod ni ar y mwyaf: {{count}} mis.',
      months_other: 'Ein cyfnod ni ar y mwyaf: {{count}} mis.',
    },
    operatorPlaceholder: 'Ein cyfnod ni',
    rules: {
      wholeNumber: '{{field}}: rhowch rif cyfan.',
      tooSmall: '{{field}}: rhowch o leiaf {{min}}, neu gadewch y maes yn wag i gadw ein cyfnod ni.',
      tooLarge: '{{field}}: {{max}} ar y mwyaf, ein cyfnod ni; dim ond ei fyrhau y caiff cwmni.',
      invalidType: '{{field}}: rhowch rif cyfan.',
    },
    save: 'Cadw cyfnodau {{company}}',
    saved: 'Mae cyfnodau {{company}} wedi’u cadw.',
    failed: 'Nid oedd modd cadw’r cyfnodau. Rhowch gynnig arall arni yn nes ymlaen.',
  },
};

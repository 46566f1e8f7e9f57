import type { help as english } from '../en/help';
import type { WelshTable } from '../welsh-table';

/**
 * Help (/help): the questions clerks ask, in plain Welsh, each answer matching what the portal does
 * (issue 24). {{phone}}, {{email}} and {{hours}} are the operator's support contact (app settings).
 * Buttons and pages are named as the Welsh screens name them (chrome, permits, permit-expire, table, reports).
 */
export const help: WelshTable<typeof english> = {
  title: 'Cymorth',
  intro:
    'Atebion i’r cwestiynau sy’n cael eu gofyn amlaf. Angen rhagor o help? Mae’r ateb olaf yn dweud wrthych pwy i’w ffonio.',
  supportLink: 'Tudalen Cymorth',
  questions: {
    contractorWeek: {
      question: 'Sut mae ychwanegu contractwr am wythnos?',
      answer:
        'Ewch i’r dudalen Trwyddedau a dewiswch Ychwanegu trwydded. Dewiswch y safle, teipiwch rif cofrestru’r cerbyd, a dewiswch y math Dros dro. Gosodwch y dyddiad dechrau i’r diwrnod cyntaf y bydd y contractwr yn parcio a’r dyddiad gorffen i’r diwrnod olaf; gall trwydded dros dro bara hyd at {{days}} diwrnod. Mae’n dod i ben ohoni ei hun ar y dyddiad gorffen, ac nid oes angen gwneud dim byd arall.',
    },
    whyRefused: {
      question: 'Pam y cafodd fy nhrwydded ei gwrthod?',
      answer:
        'Mae’r ffurflen yn dweud pam wrth ymyl y maes neu ar frig y dudalen. Y rhesymau arferol yw: mae gan y cerbyd drwydded eisoes ar y safle hwnnw ar gyfer y dyddiadau hynny; mae lwfans y safle ar gyfer y math hwnnw o drwydded yn llawn; nid yw’r dyddiadau’n cael eu caniatáu (mae’r diwedd cyn y dechrau, mae’r dechrau yn rhy bell yn ôl, neu mae trwydded dros dro yn para’n hirach na {{days}} diwrnod); neu nid yw’r safle yn un o’ch safleoedd chi. Cywirwch y maes y mae’r ffurflen yn ei enwi ac ychwanegwch y drwydded eto.',
    },
    allowance: {
      question: 'Beth yw’r lwfans?',
      answer:
        'Dim ond hyn a hyn o drwyddedau dros dro a hyn a hyn o drwyddedau parhaol y caiff pob safle eu cael ar yr un pryd, gan gyfrif y rhai sy’n weithredol nawr a’r rhai sydd eto i ddechrau. Pan fyddwch yn dewis safle ar y dudalen Ychwanegu trwydded, bydd y ffurflen yn dweud wrthych ar unwaith os yw’r lwfans hwnnw’n llawn. Mae canslo neu derfynu trwydded yno yn rhyddhau lle; i gynyddu’r lwfans, gofynnwch i’ch cynrychiolydd cyswllt cleientiaid.',
    },
    cancelCharge: {
      question: 'Sut mae canslo tâl parcio?',
      answer:
        'Ewch i’r dudalen Taliadau parcio ac agorwch y rhestr. Dewch o hyd i’r tâl parcio yn ôl ei rif neu’r rhif cofrestru, dewiswch Canslo ar ei res, dewiswch y rheswm (gyda nodyn byr os byddwch yn dewis Arall) a chadarnhewch. Caiff y rheswm ei gadw gyda’r tâl parcio ac mae’n ymddangos yn yr adroddiadau.',
    },
    mistake: {
      question: 'Ychwanegais drwydded drwy gamgymeriad. Sut mae ei dadwneud?',
      answer:
        'Dewiswch Canslo ar res y drwydded yn y rhestr Trwyddedau (neu Canslo’r drwydded ar ei thudalen ei hun): mae hyn yn gweithio nes i’r drwydded ddechrau, ac mae’r drwydded yn peidio â chyfrif yn erbyn y lwfans. Os oedd uwchlwythiad swmp cyfan yn anghywir, agorwch unrhyw drwydded ohono a dewiswch "Tynnu’n ôl yr uwchlwythiad cyfan y daeth y drwydded hon ohono": mae hyn yn gweithio am awr ar ôl yr uwchlwythiad.',
    },
    expire: {
      question: 'Sut mae terfynu trwydded sydd eisoes wedi dechrau?',
      answer:
        'Dewch o hyd iddi yn y rhestr Trwyddedau a dewiswch Terfynu ar ei rhes (neu Terfynu’r drwydded ar dudalen y drwydded ei hun), yna cadarnhewch. Mae’r drwydded yn dod i ben ar unwaith ac nid yw’r cerbyd wedi’i gwmpasu mwyach.',
    },
    findPermit: {
      question: 'Sut mae dod o hyd i drwydded os mai dim ond rhan o’r plât rwy’n ei gwybod?',
      answer:
        'Teipiwch o leiaf 3 nod yn y blwch chwilio ar y dudalen Trwyddedau: rhan o’r rhif cofrestru, cyfeirnod y drwydded neu enw’r gyrrwr. Nid yw bylchau mewn rhif cofrestru yn bwysig. Defnyddiwch y tabiau cyflwr i weld trwyddedau cyfredol, trwyddedau i ddod neu drwyddedau sydd wedi dod i ben.',
    },
    excel: {
      question: 'Sut mae cael rhestr i mewn i Excel?',
      answer:
        'Yn y rhestr Trwyddedau, dewiswch Allforio ar gyfer y trwyddedau rydych yn edrych arnynt, neu Allforio llyfr gwaith Excel ar gyfer y rhestr gyfan. Ar gyfer adroddiadau, ewch i’r dudalen Adroddiadau, dewiswch yr adroddiad, y safle a’r cyfnod, ac yna Lawrlwytho CSV neu Lawrlwytho llyfr gwaith Excel. Mae pob un ohonynt yn agor yn syth yn Excel.',
    },
    password: {
      question: 'Sut mae newid fy nghyfrinair?',
      answer:
        'Dewiswch Rheoli cyfrif ar frig y dudalen, yna Cyfrinair. Teipiwch eich cyfrinair presennol a’r un newydd ddwywaith. Os ydych wedi’i anghofio, allgofnodwch a dewiswch "Wedi anghofio eich cyfrinair?" ar y dudalen mewngofnodi.',
    },
    whoToCall: {
      question: 'Pwy ddylwn i ei ffonio os ydw i’n sownd?',
      answer:
        'Ffoniwch ni ar {{phone}} ({{hours}}) neu anfonwch e-bost at {{email}}. Mae ein manylion hefyd ar y dudalen Cymorth.',
    },
  },
};

import type { WelshTable } from '@client-portal/contract';
import type { problems as english } from '../en/problems.js';

export const problems: WelshTable<typeof english> = {
  roles: {
    heldBy_zero: 'Mae {{count}} cyfrif defnyddiwr yn dal y rôl hon.',
    heldBy_one: 'Mae {{count}} cyfrif defnyddiwr yn dal y rôl hon.',
    heldBy_two: 'Mae {{count}} gyfrif defnyddiwr yn dal y rôl hon.',
    heldBy_few: 'Mae {{count}} chyfrif defnyddiwr yn dal y rôl hon.',
    heldBy_many: 'Mae {{count}} chyfrif defnyddiwr yn dal y rôl hon.',
    heldBy_other: 'Mae {{count}} cyfrif defnyddiwr yn dal y rôl hon.',
    hasChildren: 'Mae gan y rôl hon rolau plentyn: {{names}}.',
  },
  reports: {
    noSuchReport: "Nid oes adroddiad o'r fath.",
    tooManySubscriptions: 'Mae gennych {{max}} tanysgrifiad eisoes: canslwch un yn gyntaf.',
  },
  visitors: {
    tooMany:
      "Gormod o ymdrechion o'r fan hon mewn amser byr. Arhoswch funud a rhowch gynnig arall arni, neu gofynnwch i'r dderbynfa.",
    unknown: "Nid yw'r ddolen ymwelwyr hon yn gweithio. Gofynnwch i'r dderbynfa, a all gofrestru eich car.",
    off: "Mae cofrestru ymwelwyr drwy'r ddolen hon wedi'i ddiffodd. Gofynnwch i'r dderbynfa, a all gofrestru eich car.",
    expired: "Mae'r ddolen ymwelwyr hon wedi dod i ben. Gofynnwch i'r dderbynfa, a all gofrestru eich car.",
    full: "Mae lleoedd ymwelwyr heddiw ar gyfer y ddolen hon i gyd wedi'u cymryd. Gofynnwch i'r dderbynfa, a all helpu.",
    emailNeeded: "Rhowch eich cyfeiriad e-bost: mae'r cod sy'n cadarnhau eich cofrestriad yn mynd yno.",
    noRegistration: "Nid oes cofrestriad o'r fath. Dechreuwch eto.",
    alreadyConfirmed: "Mae'r cofrestriad hwn wedi'i gadarnhau eisoes.",
    notApproved: "Ni chafodd y cofrestriad hwn ei gymeradwyo. Gofynnwch i'r dderbynfa.",
    codeExpired: "Mae'r cod hwn wedi dod i ben. Dechreuwch eto i gael un newydd.",
    codeWrong_zero:
      "Nid yw'r cod hwnnw'n gywir. Gwiriwch ef a rhowch gynnig arall arni ({{count}} ymgais ar ôl).",
    codeWrong_one:
      "Nid yw'r cod hwnnw'n gywir. Gwiriwch ef a rhowch gynnig arall arni ({{count}} ymgais ar ôl).",
    codeWrong_two:
      "Nid yw'r cod hwnnw'n gywir. Gwiriwch ef a rhowch gynnig arall arni ({{count}} ymgais ar ôl).",
    codeWrong_few:
      "Nid yw'r cod hwnnw'n gywir. Gwiriwch ef a rhowch gynnig arall arni ({{count}} ymgais ar ôl).",
    codeWrong_many:
      "Nid yw'r cod hwnnw'n gywir. Gwiriwch ef a rhowch gynnig arall arni ({{count}} ymgais ar ôl).",
    codeWrong_other:
      "Nid yw'r cod hwnnw'n gywir. Gwiriwch ef a rhowch gynnig arall arni ({{count}} ymgais ar ôl).",
    codeWrongNoTriesLeft:
      "Nid yw'r cod hwnnw'n gywir, ac nid oes ymgais ar ôl. Dechreuwch eto i gael un newydd.",
    similarSeen:
      "Nid yw'r camerâu yma wedi darllen y rhif cofrestru hwn yn ddiweddar, ond maen nhw wedi darllen un sy'n wahanol o un llythyren neu rif. Gwiriwch bob nod yn erbyn plât rhif eich cerbyd.",
    unknownFormat:
      "Nid yw hwn yn edrych fel rhif cofrestru o'r DU. Mae hynny'n iawn ar gyfer plât tramor neu bersonol; gwiriwch ef yn ofalus.",
    noSuchVisitor: "Nid oes ymwelydd o'r fath.",
    alreadyDecided: "Mae'r ymwelydd hwn wedi'i gymeradwyo neu ei wrthod eisoes.",
  },
};

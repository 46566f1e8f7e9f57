import type { WelshTable } from '@client-portal/contract';
import type { problems as english } from '../en/problems.js';

export const problems: WelshTable<typeof english> = {
  visitors: {
    tooMany:
      "Gormod o ymdrechion o'r fan hon mewn amser byr. Arhoswch funud a rhowch gynnig arall arni, neu gofynnwch i'r dderbynfa.",
    unknown: "Nid yw'r ddolen ymwelwyr hon yn gweithio. Gofynnwch i'r dderbynfa, a all gofrestru eich car.",
    off: "Mae cofrestru ymwelwyr drwy'r ddolen hon wedi'i ddiffodd. Gofynnwch i'r dderbynfa, a all gofrestru eich car.",
    expired: "Mae'r ddolen ymwelwyr hon wedi dod i ben. Gofynnwch i'r dderbynfa, a all gofrestru eich car.",
    full: "Mae lleoedd ymwelwyr heddiw ar gyfer y ddolen hon i gyd wedi'u cymryd. Gofynnwch i'r dderbynfa, a all helpu.",
    emailNeeded: "Rhowch eich cyfeiriad e-bost: mae'r cod sy'n cadarnhau eich cofrestriad yn mynd yno.",
  },
};

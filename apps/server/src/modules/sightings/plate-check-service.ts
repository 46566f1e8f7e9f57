import {
  formatWarnings,
  isSiteGroupNumber,
  PLATE_CHECK_SEEN_DAYS,
  PLATE_CHECK_WEEK_DAYS,
  type PlateCheckResultRow,
  type PlateWarning,
  plateVariants,
} from '@client-portal/contract';
import type { Queries } from '../../db/kysely.js';
import { notFound } from '../../plugins/problem.js';
import { type PermitView, type Principal, policy } from '../access/index.js';
import { existingSites, groupMembership, permitPlates, seenCounts } from './sightings-repository.js';

const DAY_MS = 86_400_000;

/** One registration to check at a site or group (a row of a form or of a bulk upload). */
export interface PlateQuestion {
  target: string;
  registration: string;
}

/** Where a target's vehicles are seen (its sites) and whose permits count there (its groups too). */
interface Places {
  sites: string[];
  permitTargets: string[];
}

async function placesOf(db: Queries, targets: readonly string[]): Promise<Map<string, Places>> {
  const groups = targets.filter(isSiteGroupNumber);
  const sites = targets.filter((t) => !isSiteGroupNumber(t));
  const [membership, known] = await Promise.all([
    groupMembership(db, groups, sites),
    existingSites(db, sites),
  ]);
  const places = new Map<string, Places>();
  for (const target of targets) {
    const isGroup = isSiteGroupNumber(target);
    const related = membership
      .filter((m) => (isGroup ? m.group === target : m.site === target))
      .map((m) => (isGroup ? m.site : m.group));
    if (isGroup && related.length === 0) continue;
    if (!isGroup && !known.has(target)) continue;
    places.set(target, {
      sites: isGroup ? related : [target],
      permitTargets: [target, ...related],
    });
  }
  return places;
}

/** A (site or group, plate) pair as one text: the form the seen-counts query takes its pairs in. */
const key = (a: string, b: string) => `${a},${b}`;

/**
 * The warnings of each typed plate at its site or group (never a refusal by itself):
 * - similarSeen: a plate one slip away (plateVariants) read there in the last 30 days more often than
 *   the typed one; the most-read is suggested, with its reads this week and in the 30 days;
 * - similarPermit: a plate one slip away holds a permit there (running or ended in the last 30 days)
 *   while the typed one holds none and was not read there;
 * - unknownFormat: the typed plate fits no UK format.
 * Only the typed plates and their few variants are looked up, each by index, so the answer takes the
 * same time with 5 million reads as with 5,000. Answers line up with the questions; a question at an
 * unknown site or group answers null. `exceptPermitId`: the permit being edited, not a twin of itself.
 * Only permits in the caller's `view` (policy.permitView: what their permits list shows) are suggested,
 * so nobody learns another user's registrations one typo at a time.
 */
export async function plateWarnings(
  queries: Queries,
  view: PermitView | null,
  questions: readonly PlateQuestion[],
  now = new Date(),
  exceptPermitId?: number,
): Promise<(PlateWarning[] | null)[]> {
  const db = queries;
  const places = await placesOf(db, [...new Set(questions.map((q) => q.target))]);
  const variantsOf = new Map(questions.map((q) => [q.registration, plateVariants(q.registration).sort()]));
  const pairs = new Set<string>();
  const plates = new Set<string>();
  const permitTargets = new Set<string>();
  for (const q of questions) {
    const place = places.get(q.target);
    if (!place) continue;
    for (const plate of [q.registration, ...(variantsOf.get(q.registration) ?? [])]) {
      plates.add(plate);
      for (const site of place.sites) pairs.add(key(site, plate));
    }
    for (const target of place.permitTargets) permitTargets.add(target);
  }
  const monthStart = new Date(now.getTime() - PLATE_CHECK_SEEN_DAYS * DAY_MS);
  const [counts, permits] = await Promise.all([
    seenCounts(db, [...pairs], monthStart, new Date(now.getTime() - PLATE_CHECK_WEEK_DAYS * DAY_MS)),
    permitPlates(db, view, [...plates], [...permitTargets], monthStart, exceptPermitId),
  ]);
  const seen = new Map(counts.map((c) => [key(c.site, c.registration), c]));
  const permitted = new Set(permits.map((p) => key(p.target, p.registration)));
  // Most typed plates have no twin read or permitted anywhere asked about: those skip to the format note.
  const seenPlates = new Set(counts.map((c) => c.registration));
  const permitPlatesFound = new Set(permits.map((p) => p.registration));

  return questions.map((q) => {
    const place = places.get(q.target);
    if (!place) return null;
    const variants = variantsOf.get(q.registration) ?? [];
    const seenTwins = variants.filter((plate) => seenPlates.has(plate));
    const permitTwins = variants.filter((plate) => permitPlatesFound.has(plate));
    if (seenTwins.length === 0 && permitTwins.length === 0) return formatWarnings(q.registration);

    const warnings: PlateWarning[] = [];
    const seenAt = (plate: string) => {
      let week = 0;
      let month = 0;
      for (const site of place.sites) {
        const c = seen.get(key(site, plate));
        week += c?.week ?? 0;
        month += c?.month ?? 0;
      }
      return { plate, week, month };
    };
    const holdsPermit = (plate: string) => place.permitTargets.some((t) => permitted.has(key(t, plate)));
    const typed = seenAt(q.registration);
    // Variants are in plate order: of equal counts the first is suggested.
    const best = seenTwins
      .map(seenAt)
      .filter((v) => v.month > typed.month)
      .sort((a, b) => b.month - a.month || b.week - a.week)[0];
    if (best) {
      warnings.push({
        code: 'similarSeen',
        params: { suggestion: best.plate, seenThisWeek: best.week, seen30Days: best.month },
      });
    }
    const permitTwin = permitTwins.find((plate) => plate !== best?.plate && holdsPermit(plate));
    if (permitTwin && typed.month === 0 && !holdsPermit(q.registration)) {
      warnings.push({ code: 'similarPermit', params: { suggestion: permitTwin } });
    }
    warnings.push(...formatWarnings(q.registration));
    return warnings;
  });
}

/** GET /permits/plate-check: one plate at one of the caller's sites or groups; 404 outside them. */
export async function checkOnePlate(
  db: Queries,
  principal: Principal,
  question: PlateQuestion,
): Promise<PlateCheckResultRow> {
  if (!policy.mayActAt(principal, question.target)) throw notFound('No such site or group.');
  const [warnings] = await plateWarnings(db, await policy.loadPermitView(db, principal), [question]);
  if (!warnings) throw notFound('No such site or group.');
  return { id: 0, vehicleRegistration: question.registration, warnings };
}

/**
 * POST /permits/plate-check: the rows of a bulk preview. Rows at places out of the caller's reach (or
 * unknown) get the format note only; the add refuses them as not assigned, which reads the same.
 */
export async function checkPlates(
  db: Queries,
  principal: Principal,
  questions: readonly (PlateQuestion & { id: number })[],
): Promise<PlateCheckResultRow[]> {
  const reachable = questions.filter((q) => policy.mayActAt(principal, q.target));
  const answers = await plateWarnings(db, await policy.loadPermitView(db, principal), reachable);
  const byQuestion = new Map(reachable.map((q, i) => [q, answers[i]]));
  return questions.map((q) => ({
    id: q.id,
    vehicleRegistration: q.registration,
    warnings: byQuestion.get(q) ?? formatWarnings(q.registration),
  }));
}

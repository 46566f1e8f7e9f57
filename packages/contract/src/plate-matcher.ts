import { stripRegistration } from './permit-add.js';

/**
 * Characters a person (or a camera) easily reads as each other on a UK plate. A plate typed with one
 * of them swapped, or with two neighbours transposed, is one slip away from the vehicle meant.
 */
export const CONFUSABLE_PAIRS = [
  ['O', '0'],
  ['I', '1'],
  ['S', '5'],
  ['B', '8'],
  ['Z', '2'],
  ['G', '6'],
] as const;

const confusableOf: ReadonlyMap<string, string> = new Map(
  CONFUSABLE_PAIRS.flatMap(([letter, digit]) => [
    [letter, digit],
    [digit, letter],
  ]),
);

/** Upper-cased, letters and digits only: how registrations are stored and compared. */
export const normalisePlate = stripRegistration;

/**
 * Every plate one slip away from `plate` (normalised first): one confusable character swapped, or two
 * different neighbours transposed. A small set (at most 2n-1 for n characters), so the server can
 * look the candidates up with `= any($variants)` on an index instead of scanning for near matches.
 * The plate itself is never in the set.
 */
export function plateVariants(plate: string): string[] {
  const typed = normalisePlate(plate);
  const variants = new Set<string>();
  for (let i = 0; i < typed.length; i++) {
    const swapped = confusableOf.get(typed[i] as string);
    if (swapped) variants.add(typed.slice(0, i) + swapped + typed.slice(i + 1));
    const next = typed[i + 1];
    if (next !== undefined && next !== typed[i]) {
      variants.add(typed.slice(0, i) + next + typed[i] + typed.slice(i + 2));
    }
  }
  variants.delete(typed);
  return [...variants];
}

/** The UK registration formats the plate check knows; personal plates may fit none of them. */
const ukPlateFormats = ['current', 'prefix', 'suffix', 'northernIreland', 'dateless'] as const;
type UkPlateFormat = (typeof ukPlateFormats)[number];

const formatPatterns: readonly [UkPlateFormat, RegExp][] = [
  // Since 2001: area (2 letters), age (2 digits), 3 random letters: AB12CDE.
  ['current', /^[A-Z]{2}[0-9]{2}[A-Z]{3}$/],
  // 1983-2001: year letter, 1-3 digits, 3 letters: A123BCD.
  ['prefix', /^[A-Z][0-9]{1,3}[A-Z]{3}$/],
  // 1963-1983: 3 letters, 1-3 digits, year letter: ABC123D.
  ['suffix', /^[A-Z]{3}[0-9]{1,3}[A-Z]$/],
  // Northern Ireland: up to 3 letters whose last two hold I or Z, then up to 4 digits: ABZ1234.
  ['northernIreland', /^[A-Z]?(?:[A-Z][IZ]|[IZ][A-Z])[0-9]{1,4}$/],
  // Before 1963: 1-4 letters then 1-4 digits, or the reverse.
  ['dateless', /^(?:[A-Z]{1,4}[0-9]{1,4}|[0-9]{1,4}[A-Z]{1,4})$/],
];

/** The UK format a plate fits (normalised first), or null for none (a personal or foreign plate). */
export function ukPlateFormat(plate: string): UkPlateFormat | null {
  const typed = normalisePlate(plate);
  return formatPatterns.find(([, pattern]) => pattern.test(typed))?.[0] ?? null;
}

/** A current-format plate as printed, with its space: AB12CDE -> "AB12 CDE"; others unchanged. */
export function displayPlate(plate: string): string {
  const typed = normalisePlate(plate);
  return /^[A-Z]{2}[0-9]{2}[A-Z]{3}$/.test(typed) ? `${typed.slice(0, 4)} ${typed.slice(4)}` : typed;
}

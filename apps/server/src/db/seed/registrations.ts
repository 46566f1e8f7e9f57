/**
 * UK-style registrations ('AB12CDE'): two letters, an age identifier, three letters. A code in
 * [0, REGISTRATION_SPACE) maps to exactly one registration, in TypeScript and in SQL alike.
 */
const LETTERS = 'ABCDEFGHJKLMNOPRSTUVWXY';
const AGE_IDENTIFIERS = ['15', '16', '17', '18', '19', '20', '21', '22', '23', '24'].flatMap((y) => [
  y,
  String(Number(y) + 50),
]);
const L = LETTERS.length;
const A = AGE_IDENTIFIERS.length;
export const REGISTRATION_SPACE = L ** 5 * A;

/** Coprime with REGISTRATION_SPACE, so `i -> i * MULTIPLIER + OFFSET` never repeats a code. */
const MULTIPLIER = 2_654_435_761n;
const OFFSET = 104_729n;

export function registrationFromCode(code: number): string {
  const letter = (n: number) => LETTERS[n % L] as string;
  let c = code;
  const first = letter(c);
  c = Math.floor(c / L);
  const second = letter(c);
  c = Math.floor(c / L);
  const age = AGE_IDENTIFIERS[c % A] as string;
  c = Math.floor(c / A);
  const third = letter(c);
  c = Math.floor(c / L);
  const fourth = letter(c);
  c = Math.floor(c / L);
  return `${first}${second}${age}${third}${fourth}${letter(c)}`;
}

/** The registration of the i-th seeded permit: distinct for distinct i, so no vehicle holds two permits. */
export function uniqueRegistration(i: number): string {
  return registrationFromCode(Number((BigInt(i) * MULTIPLIER + OFFSET) % BigInt(REGISTRATION_SPACE)));
}

/** SQL twin of registrationFromCode; `code` must be a bigint column or expression in range. */
export function sqlRegistrationFromCode(code: string): string {
  const letter = (divisor: number) => `substr('${LETTERS}', ((${code} / ${divisor}) % ${L})::int + 1, 1)`;
  const ages = AGE_IDENTIFIERS.map((a) => `'${a}'`).join(', ');
  return [
    letter(1),
    letter(L),
    `(array[${ages}])[((${code} / ${L * L}) % ${A})::int + 1]`,
    letter(L * L * A),
    letter(L * L * A * L),
    letter(L * L * A * L * L),
  ].join(' || ');
}

export function sqlUniqueRegistrationCode(i: string): string {
  return `((${i})::bigint * ${MULTIPLIER} + ${OFFSET}) % ${REGISTRATION_SPACE}`;
}

/**
 * The shape a Welsh (`cy`) table must have, for the web app's tables and the server's (decision 49):
 * every key of the English table, each a string, and no other key, except that a plural group
 * (`x_one`, `x_other`) may add the plural forms Welsh has and English lacks (`x_zero`, `x_two`,
 * `x_few`, `x_many`; i18next picks them with Intl.PluralRules('cy')).
 */
type PluralBase<K> = K extends `${infer Base}_one` ? Base : K extends `${infer Base}_other` ? Base : never;

type WelshPluralForms<T> = {
  [K in `${PluralBase<keyof T & string>}_${'zero' | 'two' | 'few' | 'many'}`]?: string;
};

export type WelshTable<T> = {
  [K in keyof T]: T[K] extends string ? string : WelshTable<T[K]>;
} & WelshPluralForms<T>;

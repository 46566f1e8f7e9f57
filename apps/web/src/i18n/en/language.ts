/** The language switch and the once-only language question (issue 29, decision 49). */
export const language = {
  /** Each language's own name, written in that language: the same in both tables. */
  names: { en: 'English', cy: 'Cymraeg' },
  switchLabel: 'Language',
  prompt: {
    title: 'Which language would you like to use?',
    body: 'The portal and your e-mails will be in the language you pick. You can change it at any time at the foot of every page.',
  },
} as const;

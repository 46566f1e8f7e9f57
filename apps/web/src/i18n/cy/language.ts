import type { language as english } from '../en/language';
import type { WelshTable } from '../welsh-table';

export const language: WelshTable<typeof english> = {
  names: { en: 'English', cy: 'Cymraeg' },
  switchLabel: 'Iaith',
  prompt: {
    title: 'Pa iaith hoffech chi ei defnyddio?',
    body: "Bydd y porth a'ch negeseuon e-bost yn yr iaith a ddewiswch. Gallwch ei newid ar unrhyw adeg ar waelod pob tudalen.",
  },
};

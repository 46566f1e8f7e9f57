/** Name parts for drivers and authorisers: common in the UK, invented combinations. */
export const firstNames = (
  'Oliver Amelia George Isla Harry Ava Noah Mia Jack Ivy Leo Lily Arthur Freya Muhammad Florence Oscar Grace ' +
  'Charlie Sophia Henry Emily Thomas Poppy William Ella James Evie Alfie Rosie Joshua Aisha Daniel Priya Samuel ' +
  'Chloe Ethan Hannah Rhys Siobhan Callum Niamh Owen Megan'
).split(' ');

export const surnames = (
  'Smith Jones Taylor Brown Williams Wilson Johnson Davies Patel Robinson Wright Thompson Evans Walker White ' +
  'Roberts Green Hall Wood Jackson Clarke Khan Hughes Edwards Turner Hill Moore Cooper Ward Morris ' +
  "O'Brien Campbell Murphy Kelly Bennett Ali Singh Mitchell Chapman Begum Lloyd Macdonald"
).split(' ');

export const authorisers = [
  'Karen Mitchell (Centre Manager)',
  'Paul Fletcher (Site Manager)',
  'Dr Anita Shah (Estates)',
  'Martin Price (Facilities)',
  'Helen Doyle (Housing Officer)',
  'Gareth Owens (Security)',
  'Sue Parker (Reception)',
  'Imran Hussain (Operations)',
  'Claire Bishop (HR)',
  'Mark Stevens (Duty Manager)',
];

/**
 * Help (/help): the questions clerks ask, in plain English, each answer matching what the portal does
 * (issue 24). {{phone}}, {{email}} and {{hours}} are the operator's support contact (app settings).
 */
export const help = {
  title: 'Help',
  intro: 'Answers to the questions clerks ask most. Still stuck? The last answer says who to call.',
  supportLink: 'Support page',
  questions: {
    contractorWeek: {
      question: 'How do I add a contractor for a week?',
      answer:
        'Go to Permits and choose Add permit. Pick the site, type the vehicle registration, and choose Temporary. Set the start date to the first day they park and the end date to the last; a temporary permit can run for up to {{days}} days. It ends by itself on the end date, and nothing else needs doing.',
    },
    whyRefused: {
      question: 'Why was my permit refused?',
      answer:
        "The form says why beside the field or at the top. The usual reasons: the vehicle already has a permit at that site for those dates; the site's allowance for that kind of permit is full; the dates are not allowed (the end is before the start, the start is too far back, or a temporary permit runs longer than {{days}} days); or the site is not one of yours. Correct the field it names and add the permit again.",
    },
    allowance: {
      question: 'What is the allowance?',
      answer:
        'Each site may hold only so many temporary and so many permanent permits at once, counting the ones running now and the ones still to start. When you pick a site on Add permit, the form tells you straight away if that allowance is full. Cancelling or expiring a permit there frees a place; to raise the allowance, ask your client liaison representative.',
    },
    cancelCharge: {
      question: 'How do I cancel a parking charge?',
      answer:
        'Go to Tickets and open the list. Find the ticket by its number or the registration, choose Cancel on its row, pick the reason (with a short note if you choose Other) and confirm. The reason is kept with the ticket and shows in the reports.',
    },
    mistake: {
      question: 'I added a permit by mistake. How do I undo it?',
      answer:
        'Choose Cancel on the permit\'s row in the Permits list (or Cancel permit on its own page): this works until the permit starts, and the permit stops counting against the allowance. If a whole bulk upload was wrong, open any permit from it and choose "Take back the whole upload this permit came from": this works for an hour after the upload.',
    },
    expire: {
      question: 'How do I end a permit that is already running?',
      answer:
        "Find it on the Permits list and choose Expire on its row (or Expire permit on the permit's own page), then confirm. The permit ends at once and the vehicle is no longer covered.",
    },
    findPermit: {
      question: 'How do I find a permit when I only know part of the plate?',
      answer:
        "Type at least 3 characters into the search box on Permits: part of the registration, the permit reference or the driver's name. Spaces in a registration do not matter. Use the state tabs to look at current, upcoming or expired permits.",
    },
    excel: {
      question: 'How do I get a list into Excel?',
      answer:
        'On the Permits list, choose Export for the permits you are looking at, or Export Excel workbook for the whole list. For reports, go to Reports, choose the report, the site and the period, then Download CSV or Download Excel workbook. All of them open straight in Excel.',
    },
    password: {
      question: 'How do I change my password?',
      answer:
        'Choose Manage account at the top of the page, then Password. Type your current password and the new one twice. If you have forgotten it, sign out and choose "Forgotten your password?" on the sign-in page.',
    },
    whoToCall: {
      question: 'Who do I call when I am stuck?',
      answer:
        'Call us on {{phone}} ({{hours}}) or email {{email}}. Our details are also on the Support page.',
    },
  },
} as const;

export const dashboard = {
  title: 'Dashboard',
  welcomeUser: 'Welcome, {{email}}',
  greeting: 'Hello, {{name}}. You are signed in as {{email}}.',
  counters: {
    heading: 'Your permits',
    current: 'Active permits',
    expired: 'Expired permits',
    expiringSoon: 'Ending in the next 7 days',
    upcoming: 'Upcoming permits',
    unavailable: '-',
  },
  charges: {
    heading: 'Charges at your car parks',
    open: 'Open charges issued in the last {{days}} days',
    covered: '… of which a permit covered the vehicle',
    allowancesCaption: 'Cancellations and reductions used this month, of those allowed',
    cancellations: 'Cancellations',
    reductions: 'Reductions',
  },
  visitors: {
    heading: 'Visitors who registered themselves',
    today: 'Visitor permits added today',
    active: 'Visitor permits active now',
    awaiting: 'Visitors waiting for approval',
  },
  recent: {
    heading: 'Your recent actions',
    none: 'Nothing yet: what you add, change or cancel shows here.',
    failed: 'Your recent actions could not be loaded.',
  },
  news: {
    label: 'Latest news',
    readMore: 'Read more',
  },
  campaigns: {
    heading: 'Campaigns',
    referralAlt:
      'Refer a friend: know a business that needs parking? Refer them and get a month of permit management free for your site.',
    mobileAlt: 'On the go: add, check and expire permits from any phone, wherever you are.',
  },
} as const;

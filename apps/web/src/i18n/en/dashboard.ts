export const dashboard = {
  title: 'Dashboard',
  welcome: 'Welcome to Client Portal',
  welcomeUser: 'Welcome, {{email}}',
  counters: {
    heading: 'Your permits',
    current: 'Active permits',
    expired: 'Expired permits',
    expiringSoon: 'Expiring soon',
    unavailable: '-',
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

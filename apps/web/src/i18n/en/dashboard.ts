export const dashboard = {
  title: 'Dashboard',
  welcome: 'Welcome to Client Portal',
  welcomeUser: 'Welcome, {{email}}',
} as const;

/** The operator's support contact as the Support and Help pages show it (app settings, issue 24). */
export const supportContact = {
  heading: 'Contact us',
  body: 'If something in the portal is not working or you need help, your client liaison team is here.',
  phone: 'Telephone',
  email: 'Email',
  hours: 'Opening hours',
} as const;

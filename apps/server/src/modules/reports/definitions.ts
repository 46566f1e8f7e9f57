import type { ReportDefinition } from '@client-portal/contract';

const reportKeys = ['permit-register', 'ticket-actions', 'allowance-use', 'user-access'] as const;
export type ReportKey = (typeof reportKeys)[number];

export function isReportKey(key: string): key is ReportKey {
  return (reportKeys as readonly string[]).includes(key);
}

/** The reports the portal offers: pure data, served as-is by GET /reports/_definitions. */
export const reportDefinitions: Record<ReportKey, ReportDefinition> = {
  'permit-register': {
    key: 'permit-register',
    name: 'Permit register',
    description:
      'Every permit at the chosen sites valid at any time in the period, with who added and authorised it.',
    period: true,
    columns: {
      site: { text: 'Site or group' },
      vehicleRegistration: { text: 'Vehicle registration' },
      driverName: { text: 'Driver' },
      kind: { text: 'Kind' },
      // Issue 27: a visitor's permit is of the kind Visitor, with the visitor link it came through.
      visitorLink: { text: 'Visitor link' },
      firstDay: { text: 'First day', type: 'date' },
      lastDay: { text: 'Last day', type: 'date' },
      reason: { text: 'Reason' },
      authorisedBy: { text: 'Authorised by' },
      addedBy: { text: 'Added by' },
      addedAt: { text: 'Added at', type: 'datetime' },
    },
  },
  'ticket-actions': {
    key: 'ticket-actions',
    name: 'Ticket actions',
    description:
      'Cancellations and reductions of parking charges in the period: who, when, the amounts and the reason given.',
    period: true,
    columns: {
      actionAt: { text: 'Date', type: 'datetime' },
      action: { text: 'Action' },
      ticketNumber: { text: 'Ticket number' },
      site: { text: 'Site' },
      vehicleRegistration: { text: 'Vehicle registration' },
      by: { text: 'By' },
      fullAmount: { text: 'Full amount', type: 'money' },
      amountDue: { text: 'Amount due after', type: 'money' },
      reason: { text: 'Reason' },
    },
  },
  'allowance-use': {
    key: 'allowance-use',
    name: 'Allowance use per month',
    description:
      'Cancellations and reductions at each site in each month of the period against its monthly allowances.',
    period: true,
    columns: {
      month: { text: 'Month' },
      site: { text: 'Site' },
      name: { text: 'Name' },
      cancellations: { text: 'Cancellations' },
      cancellationAllowance: { text: 'Cancellation allowance' },
      reductions: { text: 'Reductions' },
      reductionAllowance: { text: 'Reduction allowance' },
    },
  },
  'user-access': {
    key: 'user-access',
    name: 'User access',
    description: 'Who can reach the chosen sites today, through which sites and groups, with which roles.',
    period: false,
    columns: {
      email: { text: 'Email' },
      confirmed: { text: 'Email confirmed' },
      allSites: { text: 'All sites' },
      access: { text: 'Sites and groups' },
      roles: { text: 'Roles' },
    },
  },
};

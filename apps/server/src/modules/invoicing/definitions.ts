import type { InvoiceDefinition } from '@client-portal/contract';

/**
 * Tariff for the charges the operator bills the client (not in the payment data, so invented and
 * documented here): a permit costs PERMIT_DAY_PENCE for each calendar day it is valid within the range;
 * each ticket action taken in the portal costs a fixed fee by action.
 */
export const PERMIT_DAY_PENCE = 50;
export const TICKET_ACTION_FEE_PENCE = { Cancel: 500, Pay: 250 } as const;

export const invoiceKeys = [
  'parking-transactions',
  'enforcement-income',
  'permit-charges',
  'ticket-action-fees',
] as const;
export type InvoiceKey = (typeof invoiceKeys)[number];

export function isInvoiceKey(key: string): key is InvoiceKey {
  return (invoiceKeys as readonly string[]).includes(key);
}

/** The invoices the portal offers: pure data, served as-is by GET /invoice/_definitions. */
export const invoiceDefinitions: Record<InvoiceKey, InvoiceDefinition> = {
  'parking-transactions': {
    key: 'parking-transactions',
    name: 'Parking transactions',
    description: 'Every parking payment taken at the site (card, app or cash), with its amount.',
    columns: {
      occurredAt: { text: 'Paid at', type: 'datetime' },
      site: { text: 'Site' },
      vehicleRegistration: { text: 'Vehicle registration' },
      durationMinutes: { text: 'Duration (minutes)' },
      method: { text: 'Payment method' },
      amount: { text: 'Amount', type: 'money' },
    },
    defaultSort: { column: 'occurredAt', direction: 'asc' },
  },
  'enforcement-income': {
    key: 'enforcement-income',
    name: 'Enforcement income',
    description: 'Parking charge notices issued in the period that have been paid, with the amount paid.',
    columns: {
      issueDate: { text: 'Issued', type: 'date' },
      ticketNumber: { text: 'Ticket number' },
      site: { text: 'Site' },
      vehicleRegistration: { text: 'Vehicle registration' },
      violationDate: { text: 'Date of violation', type: 'datetime' },
      amount: { text: 'Amount paid', type: 'money' },
    },
    defaultSort: { column: 'issueDate', direction: 'asc' },
  },
  'permit-charges': {
    key: 'permit-charges',
    name: 'Permit charges',
    description: `Permits valid during the period, charged £${(PERMIT_DAY_PENCE / 100).toFixed(2)} per permit-day.`,
    columns: {
      started: { text: 'Valid from', type: 'date' },
      ended: { text: 'Valid until', type: 'date' },
      site: { text: 'Site or group' },
      vehicleRegistration: { text: 'Vehicle registration' },
      days: { text: 'Days charged' },
      amount: { text: 'Charge', type: 'money' },
    },
    defaultSort: { column: 'started', direction: 'asc' },
  },
  'ticket-action-fees': {
    key: 'ticket-action-fees',
    name: 'Ticket action fees',
    description:
      `Ticket cancellations (£${(TICKET_ACTION_FEE_PENCE.Cancel / 100).toFixed(2)} each) and reductions ` +
      `(£${(TICKET_ACTION_FEE_PENCE.Pay / 100).toFixed(2)} each) made in the period.`,
    columns: {
      actionAt: { text: 'Action date', type: 'datetime' },
      action: { text: 'Action' },
      ticketNumber: { text: 'Ticket number' },
      site: { text: 'Site' },
      amount: { text: 'Fee', type: 'money' },
    },
    defaultSort: { column: 'actionAt', direction: 'asc' },
  },
};

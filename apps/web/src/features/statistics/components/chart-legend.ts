/**
 * The charts' legends, compact: small type and tight items, so that every legend stays on one line
 * on a 390 px screen (issue 24). Passed as the Mantine chart's `styles`.
 */
export const compactLegend = {
  legendItem: { padding: '4px 5px', gap: 4 },
  legendItemColor: { width: 10, height: 10 },
  legendItemName: { fontSize: 'var(--mantine-font-size-xs)' },
} as const;

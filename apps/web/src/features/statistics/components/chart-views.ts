/** Which charts show as tables, and how a card switches: one call per card. */
export interface ChartViews {
  props(id: string): { asTable: boolean; onViewChange(asTable: boolean): void };
}

export function chartViews(tables: readonly string[], onChange: (tables: string[]) => void): ChartViews {
  return {
    props: (id) => ({
      asTable: tables.includes(id),
      onViewChange: (asTable) =>
        onChange(asTable ? [...tables.filter((x) => x !== id), id] : tables.filter((x) => x !== id)),
    }),
  };
}

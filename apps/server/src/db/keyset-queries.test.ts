import { describe, expect, it } from 'vitest';
import { type ColumnKeysetOrder, columnKeysetBatches } from './keyset-queries.js';

const order: ColumnKeysetOrder = {
  key: { column: 'k', type: 'text' },
  id: { column: 'id', type: 'bigint' },
  desc: false,
};
type Row = { page_key: string; page_id: string };
const rows = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ page_key: String(from + i), page_id: String(from + i) }));

describe('columnKeysetBatches', () => {
  it('yields every batch in order, reading the next one while the caller works on this one', async () => {
    const batches = [rows(0, 3), rows(3, 3), rows(6, 1)];
    let reads = 0;
    const seen: Row[][] = [];
    const readsAtYield: number[] = [];
    for await (const batch of columnKeysetBatches<Row>(order, async () => batches[reads++] ?? [], 3)) {
      readsAtYield.push(reads);
      seen.push(batch);
    }
    expect(seen).toEqual(batches);
    // The second read was on its way when the first batch reached the caller; a short batch ends it.
    expect(readsAtYield).toEqual([2, 3, 3]);
  });

  it('stops after a full batch followed by an empty one', async () => {
    let reads = 0;
    const seen: Row[][] = [];
    for await (const batch of columnKeysetBatches<Row>(
      order,
      async () => (reads++ === 0 ? rows(0, 2) : []),
      2,
    )) {
      seen.push(batch);
    }
    expect(seen).toEqual([rows(0, 2)]);
  });

  it('leaves no unhandled rejection when the caller stops while a read ahead fails', async () => {
    let reads = 0;
    const read = async () => {
      if (reads++ === 0) return rows(0, 2);
      throw new Error('connection lost');
    };
    for await (const batch of columnKeysetBatches<Row>(order, read, 2)) {
      expect(batch).toHaveLength(2);
      break;
    }
    // Unhandled rejections fail the run; give one a chance to surface.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reads).toBe(2);
  });

  it('reports a failed read to a caller that asks for its batch', async () => {
    let reads = 0;
    const read = async () => {
      if (reads++ === 0) return rows(0, 2);
      throw new Error('connection lost');
    };
    const consume = async () => {
      for await (const _ of columnKeysetBatches<Row>(order, read, 2));
    };
    await expect(consume()).rejects.toThrow('connection lost');
  });
});

import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress-plugin';

describe('precompressDirectory', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('compresses every text asset that shrinks, small chunks too (issue 24: five small scripts went uncompressed)', () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    // A 400-byte chunk, as the small lazy routes build to: under the old 1 KiB floor.
    const small = join(dir, 'assets', 'routes-abc.js');
    writeFileSync(small, `export const routes = [${'"/tickets",'.repeat(36)}];`);
    // Two bytes cannot shrink: nothing is written beside it.
    const tiny = join(dir, 'assets', 'tiny.js');
    writeFileSync(tiny, ';\n');
    const image = join(dir, 'assets', 'logo.png');
    writeFileSync(image, 'not text');

    expect(precompressDirectory(dir)).toEqual([small]);
    expect(existsSync(`${small}.br`)).toBe(true);
    expect(existsSync(`${small}.gz`)).toBe(true);
    expect(existsSync(`${tiny}.br`) || existsSync(`${tiny}.gz`)).toBe(false);
    expect(existsSync(`${image}.br`)).toBe(false);
  });
});

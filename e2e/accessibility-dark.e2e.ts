import { describe, expect, it } from 'vitest';
import { ADMIN, accessibilityWalk } from './accessibility-walk.js';

/** axe-core (WCAG 2.2 AA) on every signed-in screen in dark mode; the rest is accessibility.e2e.ts. */
describe('WCAG 2.2 AA (axe-core) on every screen, dark', () => {
  const { walkSignedIn } = accessibilityWalk();

  // About five minutes on two busy cores, twice that beside the other walk: the limit catches hangs only.
  it('dark mode: every signed-in screen as the SysAdmin whose system prefers dark', async () => {
    const found = await walkSignedIn('dark', { clientUser: ADMIN, clerk: ADMIN });
    expect(found).toEqual([]);
  }, 900_000);
});

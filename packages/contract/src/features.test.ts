import { describe, expect, it } from 'vitest';
import {
  allFeatureNames,
  featureCatalogue,
  featuresInForce,
  isFeatureName,
  operatorOnlyFeatures,
} from './features.js';

describe('the feature catalogue', () => {
  it('names each feature Group.Name, once', () => {
    expect(new Set(allFeatureNames).size).toBe(allFeatureNames.length);
    for (const feature of featureCatalogue) {
      expect(feature.normalizedName).toBe(`${feature.group.name}.${feature.name}`);
    }
    expect(allFeatureNames).toEqual(expect.arrayContaining(['Self.View', 'Permits.Add', 'Users.View']));
  });

  it('tells a catalogue name from anything else (case matters)', () => {
    expect(isFeatureName('Permits.Add')).toBe(true);
    expect(isFeatureName('permits.add')).toBe(false);
    expect(isFeatureName('Permits.*')).toBe(false);
  });

  it('keeps operator-only features from users without all-sites access', () => {
    const held = ['Permits.Add', 'Application.SysAdmin', 'Tickets.ReducePeriod'];
    expect(featuresInForce(held, false)).toEqual(['Permits.Add']);
    expect(featuresInForce(held, true)).toEqual(held);
    for (const feature of operatorOnlyFeatures) expect(isFeatureName(feature)).toBe(true);
  });
});

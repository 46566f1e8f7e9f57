import { type FeatureInfo, featureCatalogue } from '@client-portal/contract';

interface FeatureGroupOptions {
  name: string;
  description: string;
  features: FeatureInfo[];
}

/** The named features, in catalogue order, grouped by feature group; unknown names are left out. */
export function groupFeatures(names: readonly string[]): FeatureGroupOptions[] {
  const wanted = new Set(names);
  const groups: FeatureGroupOptions[] = [];
  for (const feature of featureCatalogue) {
    if (!wanted.has(feature.normalizedName)) continue;
    let group = groups.find((g) => g.name === feature.group.name);
    if (!group) {
      group = { name: feature.group.name, description: feature.group.description, features: [] };
      groups.push(group);
    }
    group.features.push(feature);
  }
  return groups;
}

/** What the form may keep when the parent changes: only features the parent still gives. */
export function withinParent(features: readonly string[], parentFeatures: readonly string[]): string[] {
  const allowed = new Set(parentFeatures);
  return features.filter((f) => allowed.has(f));
}

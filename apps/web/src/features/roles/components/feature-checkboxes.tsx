import { Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { groupFeatures } from '../feature-groups';

interface Props {
  /** The features that may be ticked (the parent's). */
  offered: readonly string[];
  value: readonly string[];
  onChange(value: string[]): void;
  disabled?: boolean;
}

/** One checkbox per offered feature, a fieldset per feature group. */
export function FeatureCheckboxes({ offered, value, onChange, disabled }: Props) {
  const ticked = new Set(value);
  const toggle = (name: string, on: boolean) =>
    onChange(on ? [...value.filter((f) => f !== name), name] : value.filter((f) => f !== name));
  return (
    <Stack gap="sm">
      {groupFeatures(offered).map((group) => (
        <Fieldset key={group.name} legend={group.description} disabled={disabled}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {group.features.map((feature) => (
              <Checkbox
                key={feature.normalizedName}
                label={feature.description}
                description={
                  <Text span size="xs">
                    {feature.normalizedName}
                  </Text>
                }
                checked={ticked.has(feature.normalizedName)}
                onChange={(event) => toggle(feature.normalizedName, event.currentTarget.checked)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
      ))}
    </Stack>
  );
}

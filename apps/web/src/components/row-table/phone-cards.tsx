import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Fragment, type HTMLAttributes, type ReactNode } from 'react';

/** One row of a table shown as a card: each column's name beside its value. */
export interface PhoneCard {
  key: string;
  fields: { label: string; value: ReactNode }[];
  highlighted?: boolean;
  attributes?: HTMLAttributes<HTMLElement> & Record<`data-${string}`, string>;
}

/**
 * A table's rows as cards, for a phone held upright: every column stays in sight by name (dates,
 * status reasons, row actions), where a wide table would push them off the screen.
 */
export function PhoneCards({ label, cards }: { label: string; cards: PhoneCard[] }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {cards.map((card) => (
        <Paper
          component="li"
          key={card.key}
          withBorder
          p="sm"
          {...card.attributes}
          {...(card.highlighted ? { 'data-highlighted': true, bg: 'var(--mantine-color-red-light)' } : {})}
        >
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
            {card.fields.map((field, index) => (
              // A card's fields are its table's columns, in their fixed order.
              <Fragment key={index}>
                <Text size="sm" fw={700}>
                  {field.label}
                </Text>
                <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
                  {field.value}
                </Text>
              </Fragment>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}

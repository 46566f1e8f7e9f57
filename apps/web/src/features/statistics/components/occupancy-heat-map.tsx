import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Hours across, days of the week down; the darker the cell, the more vehicles present on average. */
export function OccupancyHeatMap({ rows }: { rows: { dayOfWeek: number; hours: number[] }[] }) {
  const { t } = useTranslation();
  const weekdays = t('statistics.weekdays', { returnObjects: true }) as readonly string[];
  // Short day names and shrinking columns: the 24 hours fit a 390 px screen without scrolling sideways.
  const shortDays = t('statistics.weekdaysShort', { returnObjects: true }) as readonly string[];
  const max = Math.max(0, ...rows.flatMap((r) => r.hours));
  return (
    <Box
      aria-hidden="true"
      style={{ display: 'grid', gridTemplateColumns: '2.25rem repeat(24, minmax(0, 1fr))', gap: 1 }}
    >
      <span />
      {Array.from({ length: 24 }, (_, hour) => (
        <Text key={hour} size="xs" ta="center">
          {hour % 6 === 0 ? hour : ''}
        </Text>
      ))}
      {rows.map((row) => [
        <Text key={`d${row.dayOfWeek}`} size="xs">
          {shortDays[row.dayOfWeek - 1]}
        </Text>,
        ...row.hours.map((value, hour) => (
          <Box
            key={`${row.dayOfWeek}-${hour}`}
            h={20}
            title={`${weekdays[row.dayOfWeek - 1]} ${hour}:00 — ${value}`}
            style={{
              borderRadius: 2,
              background:
                max === 0 || value === 0
                  ? 'var(--mantine-color-default-border)'
                  : `color-mix(in srgb, var(--mantine-color-blue-filled) ${Math.round(15 + (85 * value) / max)}%, transparent)`,
            }}
          />
        )),
      ])}
    </Box>
  );
}

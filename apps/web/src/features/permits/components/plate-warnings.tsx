import { displayPlate, type PlateWarning } from '@client-portal/contract';
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** A plate warning in the user's words ("Did you mean AB12 CDE, seen here 3 times this week?"). */
export function plateWarningText(warning: PlateWarning, t: TFunction): string {
  switch (warning.code) {
    case 'similarSeen':
      return warning.params.seenThisWeek > 0
        ? t('permitAdd.plateCheck.similarSeen', {
            suggestion: displayPlate(warning.params.suggestion),
            count: warning.params.seenThisWeek,
          })
        : t('permitAdd.plateCheck.similarSeenMonth', {
            suggestion: displayPlate(warning.params.suggestion),
            count: warning.params.seen30Days,
          });
    case 'similarPermit':
      return t('permitAdd.plateCheck.similarPermit', { suggestion: displayPlate(warning.params.suggestion) });
    case 'unknownFormat':
      return t('permitAdd.plateCheck.unknownFormat');
  }
}

/** The suggested plate of the first warning that has one. */
export function suggestionOf(warnings: readonly PlateWarning[]): string | undefined {
  for (const warning of warnings) if (warning.code !== 'unknownFormat') return warning.params.suggestion;
  return undefined;
}

interface Props {
  registration: string;
  warnings: readonly PlateWarning[];
  confirmed: boolean;
  onUse(suggestion: string): void;
  onConfirm(confirmed: boolean): void;
}

/**
 * Under the registration field: a similar plate seen at the site or holding a permit there, with a
 * one-click "Use" and a "Save anyway" box the add needs ticked to keep the typed plate; a plate of no
 * UK format gets a quiet note only (personal plates exist).
 */
export function PlateWarnings({ registration, warnings, confirmed, onUse, onConfirm }: Props) {
  const { t } = useTranslation();
  const suggestion = suggestionOf(warnings);
  const similar = warnings.filter((w) => w.code !== 'unknownFormat');
  const note = warnings.find((w) => w.code === 'unknownFormat');
  return (
    <Stack gap="xs">
      {similar.length > 0 && suggestion && (
        <Alert color="yellow" title={t('permitAdd.plateCheck.title')} data-testid="plate-warning">
          <Stack gap="xs">
            {similar.map((w) => (
              <Text key={w.code} size="sm">
                {plateWarningText(w, t)}
              </Text>
            ))}
            <Group>
              <Button size="xs" variant="light" onClick={() => onUse(suggestion)}>
                {t('permitAdd.plateCheck.use', { suggestion })}
              </Button>
              <Checkbox
                label={t('permitAdd.plateCheck.saveAnyway', { registration })}
                checked={confirmed}
                onChange={(event) => onConfirm(event.currentTarget.checked)}
              />
            </Group>
          </Stack>
        </Alert>
      )}
      {note && (
        <Text size="sm" c="dimmed" data-testid="plate-format-note">
          {plateWarningText(note, t)}
        </Text>
      )}
    </Stack>
  );
}

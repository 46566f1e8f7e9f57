import { Group, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useTranslation } from 'react-i18next';

interface Props {
  fileName: string | undefined;
  disabled: boolean;
  /** Every picked or dropped file, CSV or not: the page decides what it accepts. */
  onFile(file: File): void;
}

// The dialog offers CSV files first; anything else still reaches onFile (via onReject) to be refused there.
const ACCEPT = { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'] };

/** Drop a CSV file here or click to choose one. */
export function BulkFilePicker({ fileName, disabled, onFile }: Props) {
  const { t } = useTranslation();
  return (
    <Dropzone
      accept={ACCEPT}
      multiple={false}
      disabled={disabled}
      onDrop={([file]) => file && onFile(file)}
      onReject={([rejection]) => rejection && onFile(rejection.file)}
      role="button"
      aria-label={t('permitBulk.dropHint')}
      inputProps={{ 'aria-label': t('permitBulk.fileLabel') }}
    >
      <Group justify="center" mih={96} style={{ pointerEvents: 'none' }}>
        <div>
          <Text fw={600}>{t('permitBulk.dropHint')}</Text>
          {fileName && (
            <Text size="sm" c="dimmed">
              {t('permitBulk.selected', { name: fileName })}
            </Text>
          )}
        </div>
      </Group>
    </Dropzone>
  );
}

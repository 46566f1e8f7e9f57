import '@mantine/dropzone/styles.css';
import { Button, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  fileName: string | undefined;
  disabled: boolean;
  /** Every picked or dropped file, CSV or not: the page decides what it accepts. */
  onFile(file: File): void;
}

// The dialog offers CSV files first; anything else still reaches onFile (via onReject) to be refused there.
const ACCEPT = { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'] };

/**
 * Drop a CSV file on the area, click it, or use its 'Choose a CSV file' button. The area itself is not
 * a control (no role, not in the tab order) so that nothing interactive nests inside another (WCAG
 * 4.1.2); the button is the keyboard's way to the file dialog.
 */
export function BulkFilePicker({ fileName, disabled, onFile }: Props) {
  const { t } = useTranslation();
  const openRef = useRef<() => void>(null);
  return (
    <Dropzone
      accept={ACCEPT}
      multiple={false}
      disabled={disabled}
      openRef={openRef}
      activateOnKeyboard={false}
      enablePointerEvents
      onDrop={([file]) => file && onFile(file)}
      onReject={([rejection]) => rejection && onFile(rejection.file)}
      inputProps={{ 'aria-label': t('permitBulk.fileLabel') }}
    >
      <Stack align="center" justify="center" mih={96} gap="xs">
        <Text fw={600}>{t('permitBulk.dropHint')}</Text>
        <Button
          variant="default"
          disabled={disabled}
          onClick={(event) => {
            // The area opens the dialog on click too: open it once.
            event.stopPropagation();
            openRef.current?.();
          }}
        >
          {t('permitBulk.chooseFile')}
        </Button>
        {fileName && (
          <Text size="sm" c="dimmed">
            {t('permitBulk.selected', { name: fileName })}
          </Text>
        )}
      </Stack>
    </Dropzone>
  );
}

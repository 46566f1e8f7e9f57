import { Code, Stack, Text } from '@mantine/core';

/** What a receiver said to an attempt: the error (if any) and the first 2 KB of its answer. */
export function ReceiverAnswer({ error, body }: { error: string | null; body: string | null }) {
  return (
    <Stack gap={2} maw={360}>
      {error && <Text size="sm">{error}</Text>}
      {body && (
        <Code
          block
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 120, overflow: 'auto' }}
        >
          {body}
        </Code>
      )}
    </Stack>
  );
}

import { Code, Group } from '@mantine/core';
import { CopyButton } from '@/components/ui/copy-button.tsx';

/** A shell command with a copy button beside it. */
export function CommandBlock({
  command,
  copyLabel,
  testId,
}: {
  command: string;
  copyLabel: string;
  testId?: string;
}) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid={testId}>
        {command}
      </Code>
      <CopyButton value={command} label={copyLabel} />
    </Group>
  );
}

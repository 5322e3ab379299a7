import type { EnrollmentKeyItem } from '@meshdeck/contracts';
import { Alert, Button, Group, SegmentedControl, Stack, Stepper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentDownloadsSection } from '@/components/downloads/agent-downloads.tsx';
import { CommandBlock } from './command-block.tsx';
import {
  AGENT_OSES,
  buildInstallCommand,
  buildJoinCommand,
  isAgentSupported,
  type AgentOs,
} from './join-command.ts';
import { SelectKeyStep } from './select-key-step.tsx';

/**
 * "Add a new device": pick or create a key, install the agent, run the join command with the key's token
 * (features §3.7). Used by the devices dialog and the /hosts-new page. Picking a key only selects it: Next leads
 * to the install step, and no step is reached by skipping it, so every way in shows the install command
 * (issue 39: a key row's click jumped ahead, and the install command went unseen).
 */
export function AddHostWizard({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation('devices');
  const { t: tField } = useTranslation('agentField');
  const [step, setStep] = useState(0);
  /** The furthest step shown so far: the step bar goes back freely, forward only as far as this. */
  const [reached, setReached] = useState(0);
  const [key, setKey] = useState<EnrollmentKeyItem>();
  const [os, setOs] = useState<AgentOs>('linux');
  const origin = window.location.origin;

  const goTo = (next: number) => {
    setStep(next);
    setReached((furthest) => Math.max(furthest, next));
  };

  return (
    <Stack>
      <Stepper
        active={step}
        onStepClick={(next) => (next <= reached && (next === 0 || key) ? goTo(next) : undefined)}
        size="sm"
      >
        <Stepper.Step label={t('wizard.step1')}>
          <SelectKeyStep selected={key} onSelect={setKey} />
        </Stepper.Step>
        <Stepper.Step label={t('wizard.step2')}>
          <Stack>
            <SegmentedControl
              value={os}
              onChange={setOs}
              data={AGENT_OSES.map((value) => ({ value, label: t(`wizard.os.${value}`) }))}
            />
            {isAgentSupported(os) && key ? (
              <>
                <Text size="sm">{tField('installHint')}</Text>
                <CommandBlock
                  command={buildInstallCommand(key.token, origin)}
                  copyLabel={t('wizard.copyCommand')}
                  testId="install-command"
                />
                <AgentDownloadsSection />
              </>
            ) : (
              <Alert color="yellow">{t('wizard.unsupportedOs')}</Alert>
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.step3')}>
          {key && isAgentSupported(os) && (
            <Stack>
              <Text size="sm">
                {t('wizard.joinHint', {
                  name: key.name,
                  networks: key.networks.join(', ') || t('wizard.noNetworks'),
                })}
              </Text>
              <CommandBlock
                command={buildJoinCommand(key.token, origin)}
                copyLabel={t('wizard.copyCommand')}
                testId="join-command"
              />
              <Text size="sm" c="dimmed">
                {t('wizard.afterJoin')}
              </Text>
            </Stack>
          )}
          {key && !isAgentSupported(os) && <Alert color="yellow">{t('wizard.unsupportedOs')}</Alert>}
        </Stepper.Step>
      </Stepper>
      <Group justify="flex-end">
        {step > 0 && (
          <Button variant="default" onClick={() => setStep(step - 1)}>
            {t('wizard.back')}
          </Button>
        )}
        {step < 2 && (
          <Button disabled={!key} onClick={() => goTo(step + 1)}>
            {t('wizard.next')}
          </Button>
        )}
        {step === 2 && onDone && <Button onClick={onDone}>{t('wizard.done')}</Button>}
      </Group>
    </Stack>
  );
}

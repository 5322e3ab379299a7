import type { AccessImpact } from '@meshdeck/contracts';
import { Alert, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isEmptyImpact, rulesText, summariseImpact, type ImpactLine } from './impact-summary.ts';

/** Lines shown before "and N more": enough to recognise a change, short enough to read before saving. */
const SHOWN_LINES = 12;

function LineText({ line }: { line: ImpactLine }) {
  const { t } = useTranslation('access');
  const pair = `${line.from} ${line.isTwoWay ? '<->' : '->'} ${line.to}`;
  const rules = rulesText(line.rules);
  if (line.kind === 'changes')
    return t('impact.changes', {
      pair,
      before: rulesText(line.before) || t('impact.all'),
      after: rules || t('impact.all'),
    });
  return t(line.kind === 'cuts' ? 'impact.cuts' : 'impact.opens', {
    pair: rules ? `${pair} (${rules})` : pair,
  });
}

const COUNT_KEYS = {
  cuts: 'impact.cutCount',
  opens: 'impact.openCount',
  changes: 'impact.changeCount',
} as const;

/**
 * The headline counts the very lines listed below it (a two-way pair is one line), per kind, so "12 connections
 * cut" heads a list of 12 cuts; the server's pair counts are directed and would disagree with the list.
 */
function headline(lines: readonly ImpactLine[], t: TFunction<'access'>): string {
  return (['cuts', 'opens', 'changes'] as const)
    .map((kind) => ({ kind, count: lines.filter((line) => line.kind === kind).length }))
    .filter((part) => part.count > 0)
    .map((part) => t(COUNT_KEYS[part.kind], { count: part.count }))
    .join(', ');
}

/**
 * What a change would do before it is saved (issue 32), from the server's preview: pairs that lose and gain
 * access, and the network's checks it would break (a save that breaks one is refused, so the panel says so).
 */
export function ImpactPanel({ impact }: { impact: AccessImpact }) {
  const { t } = useTranslation('access');
  const lines = useMemo(() => summariseImpact(impact), [impact]);
  const hidden = lines.length - SHOWN_LINES + (impact.truncated ? 1 : 0);
  return (
    <Paper withBorder p="sm" role="region" aria-label={t('impact.title')}>
      <Stack gap="xs">
        <Title order={3} fz="sm">
          {t('impact.title')}
        </Title>
        {isEmptyImpact(impact) ? (
          <Text fz="sm">{t('impact.none')}</Text>
        ) : (
          <>
            <Text fz="sm" c="dimmed">
              {headline(lines, t)}
            </Text>
            <List size="sm" spacing={2}>
              {lines.slice(0, SHOWN_LINES).map((line) => (
                <List.Item
                  key={`${line.kind}:${line.from}:${line.to}`}
                  c={line.kind === 'cuts' ? 'red' : undefined}
                >
                  <LineText line={line} />
                </List.Item>
              ))}
            </List>
            {hidden > 0 && (
              <Text fz="xs" c="dimmed">
                {t('impact.more')}
              </Text>
            )}
          </>
        )}
        {impact.broken_assertions.length > 0 && (
          <Alert color="red" icon={<IconAlertTriangle size={16} />} title={t('impact.brokenTitle')}>
            <Stack gap={4}>
              {impact.broken_assertions.map((check) => (
                <Text key={check.id} fz="sm">
                  {t(check.expect === 'reach' ? 'impact.brokenReach' : 'impact.brokenNoReach', {
                    name: check.name,
                    pairs: check.pairs.map((p) => `${p.from_name} -> ${p.to_name}`).join(', '),
                    count: check.count,
                  })}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

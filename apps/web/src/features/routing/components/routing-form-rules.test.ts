import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { egressValidator } from './routing-form-rules.ts';

// The keys stand for the texts: which message lands on which field is what matters here.
const t = ((key: string) => key) as unknown as TFunction<'routing'>;
const nodeId = '00000002-0000-4000-8000-000000000003';
const validate = egressValidator(t, 'net1');

describe('egressValidator', () => {
  it('when a row has a bad range, a blank metric or one above the contract maximum, then that row field gets its message', () => {
    expect(
      validate({
        nodeId,
        nat: true,
        ranges: [
          { network: '10.1.0.0/16', metric: 1000 },
          { network: '10.2.0.0/33', metric: '' },
          { network: ' 10.3.0.0/16 ', metric: 5 },
        ],
      }),
    ).toEqual({
      'ranges.0.metric': 'egress.metricInvalid',
      'ranges.1.network': 'egress.rangeInvalid',
      'ranges.1.metric': 'egress.metricInvalid',
    });
  });

  it('when no node is chosen, then the host field is named; when all holds, then nothing is', () => {
    expect(validate({ nodeId: '', nat: false, ranges: [{ network: 'fd00::/64', metric: 1 }] })).toEqual({
      nodeId: 'egress.hostRequired',
    });
    expect(validate({ nodeId, nat: false, ranges: [{ network: 'fd00::/64', metric: 999 }] })).toEqual({});
  });
});

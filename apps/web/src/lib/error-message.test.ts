import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { describeError, withFieldWords } from './error-message.ts';

const serverSays = (message: string) =>
  describeError(new ApiError({ kind: 'http', status: 400, message, path: 'nodes/office/x/creategateway' }));

describe('describeError -> wire field names', () => {
  it('-> when the server names a wire field, shows the console word for it (issue 39)', () => {
    expect(
      serverSays('ranges_with_metric: 10.0.0.0/8 overlaps the network range 10.20.0.0/24 of office'),
    ).toBe('Ranges: 10.0.0.0/8 overlaps the network range 10.20.0.0/24 of office');
    expect(serverSays('ranges_with_metric.network must be CIDRs such as 192.168.1.0/24')).toBe(
      'Ranges must be CIDRs such as 192.168.1.0/24',
    );
    expect(withFieldWords('relaynodes: a relay cannot relay itself (relay)')).toBe(
      'Nodes to relay: a relay cannot relay itself (relay)',
    );
    expect(withFieldWords('inet_node_client_ids: node laptop is on a default host')).toBe(
      'Connected nodes: node laptop is on a default host',
    );
  });

  it('-> when the message opens with no known field, leaves it as the server sent it', () => {
    expect(serverSays('node exit is not an internet gateway')).toBe('node exit is not an internet gateway');
    expect(withFieldWords('network office not found')).toBe('network office not found');
  });
});

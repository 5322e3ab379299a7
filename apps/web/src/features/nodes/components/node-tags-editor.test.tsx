import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';
import type * as ApiClientModule from '@/lib/api-client.ts';
import { mockElementSize } from '@/test/layout.ts';
import { makeApiNode } from '@/test/mesh-fixtures.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderUi } from '@/test/render-ui.tsx';
import { NodeTagsEditor } from './node-tags-editor.tsx';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

// jsdom sizes every element 0x0: an open dropdown's positioning would hide the tag list.
beforeEach(() => mockElementSize());

const env = (payload: unknown) => ({ Code: 200, Message: '', Response: payload });
const tag = (name: string, members: string[]) => ({
  id: `net1.${name}`,
  tag_name: name,
  network: 'net1',
  color_code: '',
  created_by: 'admin',
  created_at: '',
  used_by_count: 0,
  tagged_nodes: members.map((id) => makeApiNode({ id })),
});
const noImpact = {
  pairs: { gained: 0, lost: 0 },
  flows: { opened: 0, closed: 0, changed: 0 },
  changes: [],
  truncated: false,
  broken_assertions: [],
};

describe('NodeTagsEditor', () => {
  it('-> when an admin adds a tag, previews then PUTs the tag with every member plus this node', async () => {
    mockApi({
      'GET v1/tags': () => env([tag('web', ['other-node']), tag('db', ['node-1'])]),
      'POST v1/tags/preview': () => env(noImpact),
      'PUT v1/tags': () => env(null),
    });
    renderUi(<NodeTagsEditor nodeId="node-1" networkId="net1" name="box" tags={['net1.db']} canEdit />);
    expect(screen.getByText('db')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Add a tag' }));
    await userEvent.click(await screen.findByRole('option', { name: 'web' }));
    expect(await screen.findByText('Add tag web to box?')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(apiClient.put).toHaveBeenCalled());
    expect(vi.mocked(apiClient.put).mock.calls[0]?.[1]).toEqual({
      id: 'net1.web',
      tag_name: 'web',
      network: 'net1',
      tagged_nodes: [{ id: 'other-node' }, { id: 'node-1' }],
    });
  });

  it('-> when an admin removes a tag, PUTs the tag without this node', async () => {
    mockApi({
      'GET v1/tags': () => env([tag('db', ['node-1', 'node-2'])]),
      'POST v1/tags/preview': () => env(noImpact),
      'PUT v1/tags': () => env(null),
    });
    renderUi(<NodeTagsEditor nodeId="node-1" networkId="net1" name="box" tags={['net1.db']} canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove tag db' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(apiClient.put).toHaveBeenCalled());
    expect(vi.mocked(apiClient.put).mock.calls[0]?.[1]).toMatchObject({ tagged_nodes: [{ id: 'node-2' }] });
  });

  it('-> when the viewer may not change tags, shows the tags with no way to change them and asks nothing', () => {
    renderUi(
      <NodeTagsEditor
        nodeId="node-1"
        networkId="net1"
        name="box"
        tags={['net1.db', 'net1.gateways']}
        canEdit={false}
      />,
    );
    expect(screen.getByText('db')).toBeInTheDocument();
    expect(screen.getByText('gateways')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove tag/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Add a tag' })).not.toBeInTheDocument();
    expect(apiClient.get).not.toHaveBeenCalled();
  });
});

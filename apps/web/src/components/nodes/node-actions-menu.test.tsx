import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toNodeView } from '@/lib/api/node-view.ts';
import { makeApiNode } from '@/test/mesh-fixtures.ts';
import { renderUi } from '@/test/render-ui.tsx';
import { NodeActionsMenu } from './node-actions-menu.tsx';

const renderMenu = (action?: 'pending') => {
  const node = toNodeView(makeApiNode(action ? { action } : {}));
  renderUi(<NodeActionsMenu node={node} hostName="alpha" hasHostLink={false} defaultOpened />);
};

describe('NodeActionsMenu -> Approve', () => {
  it('-> when the node joined approved (every node that joined with a key), does not offer Approve', async () => {
    renderMenu();
    expect(await screen.findByRole('menuitem', { name: 'Remove from network' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('-> when the node waits for approval, offers Approve', async () => {
    renderMenu('pending');
    expect(await screen.findByRole('menuitem', { name: 'Approve' })).toBeInTheDocument();
  });
});

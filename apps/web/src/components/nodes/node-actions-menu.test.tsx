import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { toNodeView } from '@/lib/api/node-view.ts';
import { mockElementSize } from '@/test/layout.ts';
import { makeApiNode } from '@/test/mesh-fixtures.ts';
import { renderUi } from '@/test/render-ui.tsx';
import { NO_ROLES, type RoutingRoles } from '@/components/routing/routing-roles.ts';
import { NodeActionsMenu } from './node-actions-menu.tsx';

// jsdom sizes every element 0x0: the open menu's positioning would find its button clipped and hide the menu.
beforeEach(() => mockElementSize());

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

describe('NodeActionsMenu -> routing roles', () => {
  const renderWithRoles = (roles: RoutingRoles) => {
    const node = toNodeView(makeApiNode());
    renderUi(
      <NodeActionsMenu node={node} hostName="alpha" hasHostLink={false} roles={roles} defaultOpened />,
    );
  };

  it('-> for an egress gateway on a community server, offers to edit or remove it and to make a relay, but no Pro role', async () => {
    renderWithRoles({ ...NO_ROLES, isEgress: true });
    expect(await screen.findByRole('menuitem', { name: 'Edit egress ranges' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Remove egress gateway' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Make relay' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Make internet gateway' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Set as failover' })).not.toBeInTheDocument();
  });

  it('-> for a relayed node, does not offer to make it a relay (a relayed node cannot relay)', async () => {
    renderWithRoles({ ...NO_ROLES, isRelayed: true });
    expect(await screen.findByRole('menuitem', { name: 'Make egress gateway' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Make relay' })).not.toBeInTheDocument();
  });
});

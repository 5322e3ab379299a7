import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { toNodeView } from '@/lib/api/node-view.ts';
import { mockElementSize } from '@/test/layout.ts';
import { makeApiNode } from '@/test/mesh-fixtures.ts';
import { renderUi } from '@/test/render-ui.tsx';
import { NO_ROLES, type RoutingRoles } from '@/features/routing/routing.public.ts';
import { serverStatusQueryKey, UNKNOWN_SERVER_STATUS } from '@/lib/server-status.ts';
import { useSession } from '@/lib/session.ts';
import { NodeActionsMenu } from './node-actions-menu.tsx';

type Scopes = ('read' | 'create' | 'update' | 'delete')[];

/** A platform user whose custom network role on net1 grants these scopes per resource kind. */
const signInWithRole = (permissions: Record<string, Scopes>) =>
  useSession.setState({
    user: {
      username: 'someone',
      platformRoleId: 'platform-user',
      isAdmin: false,
      canUseDashboard: true,
      adminNetworkIds: [],
      networkPermissions: { net1: permissions },
    },
  });

// jsdom sizes every element 0x0: the open menu's positioning would find its button clipped and hide the menu.
beforeEach(() => {
  mockElementSize();
  // A platform admin unless a test signs in otherwise: every item its node's state allows.
  useSession.setState({
    user: { username: 'admin', platformRoleId: 'super-admin', isAdmin: true, canUseDashboard: true },
  });
});

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

describe('NodeActionsMenu -> per-button gating (decision 053)', () => {
  const renderPending = () => {
    const node = toNodeView(makeApiNode({ action: 'pending', network: 'net1' }));
    renderUi(
      <NodeActionsMenu node={node} hostName="alpha" hasHostLink={false} roles={NO_ROLES} defaultOpened />,
    );
  };

  it('-> when the role may only update hosts, offers connect or disconnect and no approve, remove or routing role', async () => {
    signInWithRole({ hosts: ['read', 'update'] });
    renderPending();
    expect(await screen.findByRole('menuitem', { name: /^(Connect|Disconnect)$/ })).toBeInTheDocument();
    for (const name of [/^Approve$/, /^Remove from network$/, /^Make egress gateway/, /^Make relay/])
      expect(screen.queryByRole('menuitem', { name })).not.toBeInTheDocument();
  });

  it('-> when the role may create and delete hosts and create egress gateways, offers approve, remove and Make egress gateway, no connect', async () => {
    signInWithRole({ hosts: ['read', 'create', 'delete'], egress: ['read', 'create'] });
    renderPending();
    expect(await screen.findByRole('menuitem', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Remove from network' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /^Make egress gateway/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /^(Connect|Disconnect)$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /^Make relay/ })).not.toBeInTheDocument();
  });
});

describe('NodeActionsMenu -> routing roles', () => {
  const renderWithRoles = (roles: RoutingRoles, isPro = false) => {
    const node = toNodeView(makeApiNode());
    renderUi(
      <NodeActionsMenu node={node} hostName="alpha" hasHostLink={false} roles={roles} defaultOpened />,
      (client) =>
        client.setQueryData(serverStatusQueryKey, { ...UNKNOWN_SERVER_STATUS, isKnown: true, isPro }),
    );
  };
  const item = (name: RegExp) => screen.findByRole('menuitem', { name });

  it('-> for an egress gateway on a community server, offers to edit or remove it, shows Make relay disabled as Pro only, and no other Pro role', async () => {
    renderWithRoles({ ...NO_ROLES, isEgress: true });
    expect(await screen.findByRole('menuitem', { name: 'Edit egress ranges' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Remove egress gateway' })).toBeInTheDocument();
    const relay = await item(/^Make relay/);
    expect(relay).toBeDisabled();
    expect(relay).toHaveTextContent('Pro edition only');
    expect(screen.queryByRole('menuitem', { name: /Make internet gateway/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Set as failover/ })).not.toBeInTheDocument();
  });

  it('-> for a relayed node, does not offer to make it a relay (a relayed node cannot relay)', async () => {
    renderWithRoles({ ...NO_ROLES, isRelayed: true });
    expect(await screen.findByRole('menuitem', { name: 'Make egress gateway' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Make relay/ })).not.toBeInTheDocument();
  });

  describe('on a Pro server, as a platform admin', () => {
    beforeEach(() =>
      useSession.setState({
        user: { username: 'admin', platformRoleId: 'super-admin', isAdmin: true, canUseDashboard: true },
      }),
    );

    it('-> for a Linux node with a firewall, offers relay, internet gateway and failover', async () => {
      renderWithRoles({ ...NO_ROLES, os: 'linux', hasFirewall: true, isOffline: false }, true);
      for (const name of [/^Make relay$/, /^Make internet gateway$/, /^Set as failover$/])
        expect(await item(name)).toBeEnabled();
    });

    it('-> for a Windows node, shows relay, egress, internet gateway and failover disabled as Linux only', async () => {
      renderWithRoles({ ...NO_ROLES, os: 'windows', hasFirewall: true }, true);
      for (const name of [
        /^Make relay/,
        /^Make egress gateway/,
        /^Make internet gateway/,
        /^Set as failover/,
      ]) {
        const entry = await item(name);
        expect(entry).toBeDisabled();
        expect(entry).toHaveTextContent('Linux hosts only');
      }
    });

    it('-> for an offline Linux node without a firewall, shows internet gateway disabled with the reason, failover offered', async () => {
      renderWithRoles({ ...NO_ROLES, os: 'linux', hasFirewall: false, isOffline: true }, true);
      const inet = await item(/^Make internet gateway/);
      expect(inet).toBeDisabled();
      expect(inet).toHaveTextContent('no firewall');
      expect(await item(/^Set as failover$/)).toBeEnabled();
    });

    it('-> for a node using an internet gateway, shows failover disabled with the reason', async () => {
      renderWithRoles({ ...NO_ROLES, os: 'linux', isInternetClient: true }, true);
      const failover = await item(/^Set as failover/);
      expect(failover).toBeDisabled();
      expect(failover).toHaveTextContent('it uses an internet gateway');
    });
  });
});

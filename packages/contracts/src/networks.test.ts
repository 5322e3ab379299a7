import { describe, expect, it } from 'vitest';
import { createNetworkInputSchema, updateNetworkInputSchema } from './networks-input.ts';
import { networkSchema, toNetId, toNetwork, toNetworkWire, type Network } from './networks.ts';

const messagesOf = (input: unknown): string[] => {
  const result = createNetworkInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('createNetworkInputSchema', () => {
  it('-> with only a netid and an IPv4 range, applies every default and derives the family flags', () => {
    expect(createNetworkInputSchema.parse({ netid: 'office', addressrange: '10.20.30.40/16' })).toEqual({
      netid: 'office',
      addressrange: '10.20.0.0/16',
      addressrange6: '',
      isipv4: 'yes',
      isipv6: 'no',
      defaultkeepalive: 20,
      defaultmtu: 1280,
      defaultlistenport: 51821,
      defaultacl: 'yes',
      defaultudpholepunch: 'no',
      allowmanualsignup: 'no',
      defaultdns: '',
      defaultextclientdns: '',
      prosettings: null,
      internetfailmode: 'closed',
    });
  });

  it('-> with the v0.30 dashboard body, keeps its flags, normalises the IPv6 range and ignores unknown keys', () => {
    const parsed = createNetworkInputSchema.parse({
      netid: 'lab_2',
      addressrange: '',
      addressrange6: 'FD3C:1:2:3:4::/64',
      isipv4: 'yes',
      isipv6: 'yes',
      defaultacl: 'no',
      defaultudpholepunch: true,
      name: 'Lab 2',
      defaultusecase: 'remote_access',
      defaultkeepalive: 0,
    });
    expect(parsed).toMatchObject({
      addressrange: '',
      addressrange6: 'fd3c:1:2:3::/64',
      isipv4: 'no',
      isipv6: 'yes',
      defaultacl: 'no',
    });
    expect(parsed).toMatchObject({ defaultudpholepunch: 'yes', defaultkeepalive: 20 });
    expect(parsed).not.toHaveProperty('name');
  });

  it.each([
    [{ addressrange: '10.0.0.0/24' }, 'netid is required'],
    [{ netid: '', addressrange: '10.0.0.0/24' }, 'netid is required'],
    [{ netid: 'a'.repeat(33), addressrange: '10.0.0.0/24' }, 'netid must be at most 32 characters'],
    [{ netid: 'Office', addressrange: '10.0.0.0/24' }, 'netid may contain only'],
    [{ netid: 'my net', addressrange: '10.0.0.0/24' }, 'netid may contain only'],
    [{ netid: 7, addressrange: '10.0.0.0/24' }, 'netid is required'],
    [{ netid: 'office' }, 'IPv4 or IPv6 CIDR required'],
    [{ netid: 'office', addressrange: '10.0.0.0' }, 'addressrange must be a valid IPv4 CIDR'],
    [{ netid: 'office', addressrange: 'fd3c::/64' }, 'addressrange must be a valid IPv4 CIDR'],
    [{ netid: 'office', addressrange: '10.0.0.0/31' }, 'addressrange /31 is too small'],
    [{ netid: 'office', addressrange: '10.0.0.1/32' }, 'addressrange /32 is too small'],
    [{ netid: 'office', addressrange6: '10.0.0.0/16' }, 'addressrange6 must be a valid IPv6 CIDR'],
    [{ netid: 'office', addressrange6: 'fd3c::/127' }, 'addressrange6 /127 is too small'],
    [{ netid: 'office', addressrange6: 'fd3c::1/128' }, 'addressrange6 /128 is too small'],
    [{ netid: 'office', addressrange: 42 }, 'addressrange must be a string'],
    [
      { netid: 'office', addressrange: '10.0.0.0/24', defaultkeepalive: 1001 },
      'defaultkeepalive must be between 1 and 1000 seconds',
    ],
    [
      { netid: 'office', addressrange: '10.0.0.0/24', defaultkeepalive: '20' },
      'defaultkeepalive must be a number',
    ],
    [{ netid: 'office', addressrange: '10.0.0.0/24', defaultmtu: 1.5 }, 'defaultmtu must be a whole number'],
    [
      { netid: 'office', addressrange: '10.0.0.0/24', defaultlistenport: 70000 },
      'defaultlistenport must be between 1 and 65535',
    ],
    [
      { netid: 'office', addressrange: '10.0.0.0/24', defaultacl: 'maybe' },
      'defaultacl must be "yes" or "no"',
    ],
    [[], 'the body must be a JSON object'],
  ])('-> when the body is %j, says "%s"', (input, message) => {
    expect(messagesOf(input).join('; ')).toContain(message);
  });
});

describe('updateNetworkInputSchema', () => {
  it('-> accepts the whole Network object and keeps only the editable defaults', () => {
    const parsed = updateNetworkInputSchema.parse({
      netid: 'office',
      addressrange: 'ignored',
      defaultmtu: 1420,
      defaultacl: 'no',
    });
    expect(parsed).toMatchObject({ netid: 'office', defaultmtu: 1420, defaultacl: 'no' });
    expect(parsed.defaultkeepalive).toBeUndefined();
  });

  it('-> when a default is out of range, names the field', () => {
    const result = updateNetworkInputSchema.safeParse({ defaultkeepalive: 5000 });
    expect(result.error?.issues[0]?.message).toBe('defaultkeepalive must be between 1 and 1000 seconds');
  });
});

describe('toNetwork and toNetworkWire', () => {
  const clean: Network = {
    netId: 'home-lab',
    displayName: 'home-lab',
    addressRange: '10.1.0.0/16',
    addressRange6: '',
    isIpv4: true,
    isIpv6: false,
    defaultAcl: true,
    defaultUdpHolePunch: false,
    allowManualSignup: false,
    defaultKeepalive: 20,
    defaultMtu: 1280,
    defaultListenPort: 51821,
    defaultDns: '1.1.1.1',
    defaultExtClientDns: '',
    nodesLastModified: 1_700_000_000,
    networkLastModified: 1_700_000_100,
    proSettings: null,
    internetFailMode: 'open',
  };

  it('-> round-trips a clean network through a valid wire object', () => {
    const wire = networkSchema.parse(toNetworkWire(clean));
    expect(wire).toMatchObject({
      netid: 'home-lab',
      isipv4: 'yes',
      isipv6: 'no',
      defaultacl: 'yes',
      name: 'home-lab',
      defaultDns: '1.1.1.1',
    });
    expect(toNetwork(wire)).toEqual(clean);
  });

  it('-> reads a minimal Netmaker object, defaulting the fields it lacks', () => {
    const wire = networkSchema.parse({
      ...toNetworkWire(clean),
      defaultlistenport: undefined,
      defaultDns: undefined,
      prosettings: undefined,
      internetfailmode: undefined,
    });
    expect(toNetwork(wire)).toMatchObject({
      defaultListenPort: 51821,
      defaultDns: '',
      proSettings: null,
      internetFailMode: 'closed',
    });
  });

  it('-> turns a typed name into a netid the way the console submits it', () => {
    expect(toNetId('  My Home  Lab ')).toBe('my-home-lab');
  });
});

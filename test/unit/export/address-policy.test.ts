/** Which addresses an export may reach, by default and with networks an operator allows. */
import {
  parseAllowedNetworks,
  type AllowedNetworks,
} from '../../../core/platform/allowed-networks';
import { judgeAddress } from '../../../core/export/targets/address-policy';

function networks(value: string): AllowedNetworks {
  const parsed = parseAllowedNetworks(value);
  if (!parsed) throw new Error(`bad networks ${value}`);
  return parsed;
}

const publicOnly = networks('');

describe('judgeAddress', () => {
  it.each([
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['0.0.0.0', 'unspecified'],
    ['192.0.2.10', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'linkLocal'],
    ['2002:7f00:1::1', '6to4'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2001:db8::1', 'reserved'],
    // IPv4-compatible forms (the first 96 bits zero) reach the IPv4 address they carry.
    ['::7f00:1', 'loopback'],
    ['::a00:1', 'private'],
    ['::a9fe:a9fe', 'linkLocal'],
    // Unicast by ipaddr.js's ranges, but outside the global unicast block 2000::/3.
    ['4000::1', 'not global unicast'],
    ['100::1', 'discard'],
    ['2001::1', 'teredo'],
  ])('when the address is %s, then it is refused by default as %s', (address, range) => {
    expect(judgeAddress(address, publicOnly)).toEqual({ allowed: false, range });
  });

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '::808:808'])(
    'when the address %s is public, then it is allowed, outside any allowed network',
    (address) => {
      expect(judgeAddress(address, publicOnly)).toEqual({
        allowed: true,
        inAllowedNetwork: false,
      });
    },
  );

  it('when the text is not an address, then it is refused', () => {
    expect(judgeAddress('127.1', publicOnly).allowed).toBe(false);
  });

  describe('with EXPORT_ALLOWED_NETWORKS=127.0.0.0/8,::1/128,10.20.0.0/16', () => {
    const allowed = networks('127.0.0.0/8,::1/128,10.20.0.0/16');

    it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.20.3.4'])(
      'when the address is %s, then it is allowed inside an allowed network',
      (address) => {
        expect(judgeAddress(address, allowed)).toEqual({ allowed: true, inAllowedNetwork: true });
      },
    );

    it.each(['10.21.0.1', '192.168.1.1', '169.254.169.254', 'fc00::1'])(
      'when the address %s lies outside them, then it stays refused',
      (address) => {
        expect(judgeAddress(address, allowed).allowed).toBe(false);
      },
    );
  });

  it('when "all" is allowed, then private addresses pass but never unspecified or multicast', () => {
    const all = networks('all');
    expect(judgeAddress('10.0.0.1', all)).toEqual({ allowed: true, inAllowedNetwork: true });
    expect(judgeAddress('0.0.0.0', all).allowed).toBe(false);
    expect(judgeAddress('224.0.0.1', all).allowed).toBe(false);
    expect(judgeAddress('::', networks('::/0')).allowed).toBe(false);
  });
});

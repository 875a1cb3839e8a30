/** The address a sign-in is counted under (docs/access.md#signing-in). */
import { addressBlockOf } from '../../../core/auth/client-address';

describe('the address a sign-in counts under', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['::ffff:c633:6407', '198.51.100.7'],
    ['2001:db8:1:2::a', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::a', '2001:db8:1:3::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    ['not an address', 'unknown'],
    ['', 'unknown'],
  ])('when the client is %j, then it counts as %j', (address, counted) => {
    expect(addressBlockOf(address)).toBe(counted);
  });

  it('when there is no address, then it counts as unknown', () => {
    expect(addressBlockOf(undefined)).toBe('unknown');
  });
});

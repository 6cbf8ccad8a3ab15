// A client address of its own for each call of a payment service: the card-testing limits
// (decision 042) count new cards per address, and a suite's many cards must not add up against one.
// Each is in a /64 of its own, as the limits key IPv6 addresses by /64.
let calls = 0;
export const testClientIp = () =>
  `2001:db8:${process.pid.toString(16)}:${(++calls).toString(16)}::1`;

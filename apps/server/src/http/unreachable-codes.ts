/** Node's socket failures that mean the other side is out of reach (down, restarting, a closed port). */
export const unreachableSocketCodes = [
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
];

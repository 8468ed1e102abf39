// A bare node:http server answering every request with one fixed user body: the upstream stand-in.
import { createServer } from 'node:http';

const body = JSON.stringify({
  user: {
    object: 'user',
    fid: 3,
    username: 'dwr',
    display_name: 'Dan Romero',
    pfp_url: 'https://example.com/pfp.png',
    custody_address: '0x6b0bda3f2ffed5efc83fa8c024acff1dd45793f1',
    profile: { bio: { text: 'Working on Farcaster and Warpcast.' } },
    follower_count: 500000,
    following_count: 2500,
    verifications: ['0xd7029bdea1c17493893aafe29aad69ef892b8ff2'],
    verified_addresses: { eth_addresses: ['0xd7029bdea1c17493893aafe29aad69ef892b8ff2'], sol_addresses: [] },
    power_badge: true,
  },
});
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('disconnect', () => process.exit(0));

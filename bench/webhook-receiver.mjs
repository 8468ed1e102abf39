// The receiver for bench/webhooks.mjs, in a process of its own: in the bench's process, answering ten
// deliveries per write held the same event loop that timed the writes, and counted against them.
// Arrival times are wall-clock ms (timeOrigin + now), comparable with the bench process's.
// Over IPC: 'url' → the receiver's URL; 'count' → { delivered }; 'arrivals' → { delivered, arrivals:
// [hash, times[]][] } of the arrivals since the last ask (asked after every block of writes).
import { createServer } from 'node:http';

const arrivals = new Map();
let delivered = 0;
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = performance.timeOrigin + performance.now();
    const body = JSON.parse(Buffer.concat(chunks).toString());
    const list = arrivals.get(body.data.hash) ?? [];
    list.push(at);
    arrivals.set(body.data.hash, list);
    delivered += 1;
    res.end('ok');
  });
});
server.listen(0, '127.0.0.1', () => {
  process.send({ url: `http://127.0.0.1:${server.address().port}/` });
});
process.on('message', (m) => {
  if (m === 'count') process.send({ delivered });
  if (m === 'arrivals') {
    process.send({ delivered, arrivals: [...arrivals] });
    arrivals.clear();
  }
});
process.on('disconnect', () => process.exit(0));

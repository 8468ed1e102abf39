// The stand-in condition of bench/webhooks.mjs: a thread doing for each write what the emulator's
// delivery thread does for `webhooks` webhooks (sign the body with HMAC-SHA512, POST it over a kept-alive
// loopback socket, read the answer) and nothing of the emulator's bookkeeping. Told each write's cast
// hash by the bench, it puts the deliveries' CPU on the same two cores as the real thing.
import { createHmac } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

const { url, webhooks, lowPriority } = workerData;
// Linux keeps a nice value per thread: at 19 this one takes only what the writers leave of a core.
if (lowPriority) setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 19);
const target = new URL(url);
// About the size of a hydrated cast.created body.
const padding = 'x'.repeat(1400);

/**
 * One kept-alive connection, one request at a time; queued bodies wait for it. The receiver closes
 * it when idle (its keep-alive timeout): the next body opens a new one, as the emulator's pool does.
 */
function connection() {
  const queue = [];
  let socket;
  let inFlight;
  let buffered = '';
  const open = () => {
    socket = connect({ host: target.hostname, port: Number(target.port) });
    socket.setNoDelay(true);
    buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length: *(\d+)/i.exec(buffered.slice(0, end))?.[1] ?? 0);
      if (buffered.length < end + 4 + length) return;
      buffered = buffered.slice(end + 4 + length);
      inFlight = undefined;
      next();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      socket = undefined;
      // Closed under a request the receiver never answered: send it again on a new one.
      if (inFlight !== undefined) queue.unshift(inFlight);
      inFlight = undefined;
      next();
    });
  };
  const next = () => {
    if (inFlight !== undefined || queue.length === 0) return;
    if (!socket) open();
    const body = queue.shift();
    inFlight = body;
    const signature = createHmac('sha512', 'stand-in-secret').update(body).digest('hex');
    socket.write(
      `POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\ncontent-type: application/json\r\n` +
        `x-neynar-signature: ${signature}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  };
  return (body) => {
    queue.push(body);
    next();
  };
}

// As many connections as the emulator keeps to one receiver in steady state: one per webhook.
const connections = Array.from({ length: webhooks }, connection);
parentPort.on('message', (hash) => {
  const body = JSON.stringify({
    created_at: Math.floor(Date.now() / 1000),
    type: 'cast.created',
    data: { object: 'cast', hash, text: padding },
  });
  for (const send of connections) send(body);
});

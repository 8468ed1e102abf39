// The delivery thread's HTTP/1.1 client for http: receivers, as CommonJS source for sender.ts's
// worker. node:http spent about 70 µs of CPU per POST on loopback, a raw-socket loop like this one
// about 20: with ten webhooks that was most of what the thread took from the writers' cores. It only needs the
// status: the body is read to its end (Content-Length, chunked, or until close) and dropped.
// Kept alive per origin, at most MAX_SOCKETS, idle ones closed before a typical server's keep-alive
// timeout (Node's is 5 s); a request on a reused socket that dies before any answer is sent once
// more on a new one, as the server may have closed it just then.
export const PLAIN_HTTP = `
const net = require('node:net');
const MAX_SOCKETS = 256;
const IDLE_MS = 4000;
const MAX_HEAD = 64 * 1024;
const pools = new Map();

function poolOf(target) {
  const key = target.host;
  let pool = pools.get(key);
  if (!pool) {
    pool = { idle: [], open: 0, queue: [] };
    pools.set(key, pool);
  }
  return pool;
}

/** POSTs body to target (a URL, http:); calls done({ status }) or done({ error }) once. */
function plainPost(target, headers, body, timeoutMs, done) {
  let head = 'POST ' + (target.pathname || '/') + target.search + ' HTTP/1.1\\r\\nHost: ' + target.host + '\\r\\n';
  if (target.username || target.password) {
    const auth = decodeURIComponent(target.username) + ':' + decodeURIComponent(target.password);
    head += 'Authorization: Basic ' + Buffer.from(auth).toString('base64') + '\\r\\n';
  }
  for (const [name, value] of Object.entries(headers)) head += name + ': ' + value + '\\r\\n';
  head += 'Content-Length: ' + body.length + '\\r\\n\\r\\n';
  const request = Buffer.concat([Buffer.from(head, 'latin1'), body]);
  let settled = false;
  const finish = (result) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    done(result);
  };
  const timer = setTimeout(() => {
    if (current) current.destroy();
    finish({ error: 'no answer within ' + timeoutMs + ' ms' });
  }, timeoutMs);
  let current;
  const pool = poolOf(target);
  const attempt = (retry) => {
    acquire(pool, target, !retry, (socket, reused) => {
      if (settled) return release(pool, socket, !reused);
      current = socket;
      exchange(socket, request, (result, reusable, answered) => {
        current = undefined;
        release(pool, socket, !reusable);
        if (result.error && reused && !answered && retry && !settled) return attempt(false);
        finish(result);
      });
    });
  };
  attempt(true);
}

/**
 * Calls use(socket, reused) with an idle socket (unless fresh), a new one, or, all MAX_SOCKETS
 * busy, the next one freed.
 */
function acquire(pool, target, fresh, use) {
  while (!fresh && pool.idle.length > 0) {
    const socket = pool.idle.pop();
    clearTimeout(socket.idleTimer);
    socket.removeListener('close', socket.onIdleClose);
    socket.removeListener('error', socket.onIdleError);
    if (!socket.destroyed) return use(socket, true);
    pool.open--;
  }
  if (pool.open >= MAX_SOCKETS) return pool.queue.push({ target, fresh, use });
  connect(pool, target, use);
}

function connect(pool, target, use) {
  pool.open++;
  const host = target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname;
  const socket = net.connect({ host, port: Number(target.port) || 80 });
  socket.setNoDelay(true);
  use(socket, false);
}

/** After an answer: the socket goes to the next waiting request, back to the pool, or away. */
function release(pool, socket, destroy) {
  const next = pool.queue.shift();
  // A request sent again wants a connection of its own: this one makes room for it.
  if (destroy || socket.destroyed || next?.fresh) {
    socket.destroy();
    pool.open--;
    if (next) connect(pool, next.target, next.use);
    return;
  }
  if (next) return next.use(socket, true);
  socket.onIdleClose = () => {
    const i = pool.idle.indexOf(socket);
    if (i >= 0) {
      pool.idle.splice(i, 1);
      pool.open--;
    }
  };
  // An idle socket's error is followed by its close: nothing else to do.
  socket.onIdleError = () => {};
  socket.once('close', socket.onIdleClose);
  socket.on('error', socket.onIdleError);
  socket.idleTimer = setTimeout(() => socket.destroy(), IDLE_MS);
  socket.idleTimer.unref();
  pool.idle.push(socket);
}

/**
 * Writes the request, reads one answer. end(result, reusable, answered): answered is true once any
 * byte of the answer arrived (a request then is not sent twice).
 */
function exchange(socket, request, end) {
  let buffered = Buffer.alloc(0);
  let status;
  let remaining = 0; // body bytes left, with Content-Length
  let chunked = false;
  let untilClose = false;
  let keepAlive = true;
  let chunkLeft = -1; // in a chunk: its bytes (and CRLF) left; -1: at a size line
  let trailers = false;
  let answered = false;
  let over = false;
  const stop = (result, reusable) => {
    if (over) return;
    over = true;
    socket.removeListener('data', onData);
    socket.removeListener('end', onEnd);
    socket.removeListener('error', onError);
    socket.removeListener('close', onEnd);
    end(result, reusable && buffered.length === 0, answered);
  };
  const fail = (message) => stop({ error: message }, false);
  const onError = (e) => fail(e.message);
  const onEnd = () => {
    if (untilClose && status !== undefined) return stop({ status }, false);
    fail(answered ? 'the receiver closed the connection mid-answer' : 'the receiver closed the connection without an answer');
  };
  const parseHead = () => {
    const at = buffered.indexOf('\\r\\n\\r\\n');
    if (at < 0) {
      if (buffered.length > MAX_HEAD) fail('answer headers over ' + MAX_HEAD + ' bytes');
      return false;
    }
    const lines = buffered.subarray(0, at).toString('latin1').split('\\r\\n');
    buffered = buffered.subarray(at + 4);
    const m = /^HTTP\\/1\\.([01]) (\\d{3})/.exec(lines[0]);
    if (!m) {
      fail('not an HTTP answer: ' + JSON.stringify(lines[0].slice(0, 80)));
      return false;
    }
    const code = Number(m[2]);
    // 1xx: an interim answer; the real one follows.
    if (code < 200) return true;
    status = code;
    keepAlive = m[1] === '1';
    let length;
    for (let i = 1; i < lines.length; i++) {
      const colon = lines[i].indexOf(':');
      if (colon < 0) continue;
      const name = lines[i].slice(0, colon).trim().toLowerCase();
      const value = lines[i].slice(colon + 1).trim().toLowerCase();
      if (name === 'content-length') length = Number(value);
      else if (name === 'transfer-encoding') chunked = value.split(',').pop().trim() === 'chunked';
      else if (name === 'connection') keepAlive = value.includes('keep-alive') || (keepAlive && !value.includes('close'));
    }
    // These never carry a body, whatever their headers say.
    if (code === 204 || code === 304) {
      chunked = false;
      remaining = 0;
    } else if (chunked) {
      // Read chunk by chunk below.
    } else if (length !== undefined && Number.isSafeInteger(length) && length >= 0) remaining = length;
    else {
      untilClose = true;
      keepAlive = false;
    }
    return true;
  };
  const readBody = () => {
    if (untilClose) {
      buffered = Buffer.alloc(0);
      return;
    }
    if (!chunked) {
      const take = Math.min(remaining, buffered.length);
      remaining -= take;
      buffered = buffered.subarray(take);
      if (remaining === 0) stop({ status }, keepAlive);
      return;
    }
    for (;;) {
      if (trailers) {
        const at = buffered.indexOf('\\r\\n');
        if (at < 0) return;
        buffered = buffered.subarray(at + 2);
        if (at === 0) return stop({ status }, keepAlive);
        continue;
      }
      if (chunkLeft < 0) {
        const at = buffered.indexOf('\\r\\n');
        if (at < 0) {
          if (buffered.length > MAX_HEAD) fail('chunk size line over ' + MAX_HEAD + ' bytes');
          return;
        }
        const size = Number.parseInt(buffered.subarray(0, at).toString('latin1').split(';')[0].trim(), 16);
        buffered = buffered.subarray(at + 2);
        if (!Number.isSafeInteger(size) || size < 0) return fail('malformed chunk size in the answer');
        if (size === 0) trailers = true;
        else chunkLeft = size + 2;
        continue;
      }
      const take = Math.min(chunkLeft, buffered.length);
      chunkLeft -= take;
      buffered = buffered.subarray(take);
      if (chunkLeft > 0) return;
      chunkLeft = -1;
    }
  };
  const onData = (data) => {
    answered = true;
    buffered = buffered.length === 0 ? data : Buffer.concat([buffered, data]);
    while (!over) {
      if (status === undefined) {
        if (!parseHead()) return;
        continue;
      }
      readBody();
      return;
    }
  };
  socket.on('data', onData);
  socket.on('end', onEnd);
  socket.on('close', onEnd);
  socket.on('error', onError);
  socket.write(request);
}
`;

// The baseline: node:http answering every request with one fixed JSON body and nothing else.
import { createServer } from 'node:http';

const body = JSON.stringify({
  users: [{ object: 'user', fid: 1, username: 'alice', display_name: 'Alice' }],
});
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));

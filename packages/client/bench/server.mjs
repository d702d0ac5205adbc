// The benchmark's one server: node:http answering every request with the same JSON body, in a process of
// its own so its work never lands on the client's event loop. Argument: JSON { host, port, body }.
// Prints the port once listening.
import http from 'node:http';

const { host, port, body } = JSON.parse(process.argv[2]);
const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.once('error', (error) => {
  console.error(error.message);
  process.exit(1);
});
server.listen(port, host, () => process.send?.('listening'));
process.once('SIGTERM', () => process.exit(0));
process.once('disconnect', () => process.exit(0));

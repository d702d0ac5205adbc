// @ts-check
// The baseline of the benchmark: a bare node:http server answering every request with one fixed body,
// in its own process like the mock. Argument: JSON { host, status, headers, body }; it listens on a port the
// OS picks and reports it over the IPC channel as { port }.
import http from 'node:http';

const { host, status, headers, body } = JSON.parse(process.argv[2]);
const server = http.createServer((_request, response) => {
  response.writeHead(status, headers);
  response.end(body);
});
server.listen(0, host, () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.once('SIGTERM', () => process.exit(0));
process.once('disconnect', () => process.exit(0));

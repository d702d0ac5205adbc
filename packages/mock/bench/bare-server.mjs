// @ts-check
// The baseline of the benchmark: a bare node:http server answering every request with one fixed body,
// in its own process like the mock. Argument: JSON { host, port, status, headers, body }.
import http from 'node:http';

const { host, port, status, headers, body } = JSON.parse(process.argv[2]);
const server = http.createServer((_request, response) => {
  response.writeHead(status, headers);
  response.end(body);
});
server.listen(port, host);
process.once('SIGTERM', () => process.exit(0));
process.once('disconnect', () => process.exit(0));

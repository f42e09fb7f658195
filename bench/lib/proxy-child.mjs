#!/usr/bin/env node
// Suite 7's second hop as a process of its own: the SDK proxy
// (createFlightSearchProxy through toNodeHandler) or a bare node:http
// pass-through that forwards with fetch and no logic, in front of a service.
//   node bench/lib/proxy-child.mjs <proxy|bare> <port> <service url> <key> <prefix>
import { loadSdkProxy, loadSdkProxyNode, pick } from './project.mjs';
import { startHttpServer } from './servers.mjs';

const [mode, port, service, key, prefix] = [
  process.argv[2],
  Number(process.argv[3]),
  process.argv[4],
  process.argv[5],
  process.argv[6],
];

if (mode === 'proxy') {
  const { createFlightSearchProxy } = pick(
    await loadSdkProxy(),
    ['createFlightSearchProxy'],
    '@flight-search/sdk/proxy',
  );
  const { toNodeHandler } = pick(await loadSdkProxyNode(), ['toNodeHandler'], '@flight-search/sdk/proxy/node');
  const handler = toNodeHandler(createFlightSearchProxy({ apiKey: key, baseUrl: service }));
  await startHttpServer((req, res) => void handler(req, res), port);
} else {
  // The floor of any proxy mounted on node:http that forwards with fetch: read the body, forward it
  // with the key, write the answer. No route check, hooks, header filtering, time-out or redaction.
  await startHttpServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const upstream = await fetch(`${service}${req.url.slice(prefix.length)}`, {
      method: req.method,
      headers: { 'content-type': 'application/json', accept: req.headers.accept ?? '*/*', 'x-api-key': key },
      body: req.method === 'GET' ? undefined : Buffer.concat(chunks),
    });
    const bytes = Buffer.from(await upstream.arrayBuffer());
    res
      .writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type'),
        'content-length': bytes.length,
      })
      .end(bytes);
  }, port);
}
process.on('SIGTERM', () => process.exit(0));

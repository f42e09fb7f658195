import { createServer } from 'node:http';
import { createFlightSearchProxy } from '@flight-search/sdk/proxy';
import { toNodeHandler } from '@flight-search/sdk/proxy/node';

const proxy = toNodeHandler(
  createFlightSearchProxy({
    apiKey: process.env.FLIGHT_SEARCH_API_KEY!, // stays on the server
    baseUrl: process.env.FLIGHT_SEARCH_BASE_URL!, // e.g. https://api.example.com
  }),
);

createServer((req, res) => {
  if (req.url?.startsWith('/api/flight-search/')) return void proxy(req, res);
  res.writeHead(404).end(); // ... the rest of your app
}).listen(3000);

// Express: app.use('/api/flight-search', proxy) (the adapter reads req.originalUrl).

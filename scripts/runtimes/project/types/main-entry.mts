// ESM TypeScript consumer of the mock's msw entry with msw's own types (the project with msw).
import { createFlightSearchMock, type FlightSearchMock } from '@flight-search/mock-server';
import { setupServer } from 'msw/node';
import type { RequestHandler } from 'msw';

const mock: FlightSearchMock = createFlightSearchMock({ baseUrl: 'https://api.example.com', seed: 7 });
const handlers: RequestHandler[] = mock.handlers;
export const server = setupServer(...handlers);
// @ts-expect-error: latency is 'none' or 'realistic'.
createFlightSearchMock({ latency: 'slow' });

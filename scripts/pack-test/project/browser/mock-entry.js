// What a browser app pulls in to mock the service in the page (setupWorker).
import { setupWorker } from 'msw/browser';
import { createFlightSearchMock } from '@flight-search/mock-server';

const mock = createFlightSearchMock({ baseUrl: 'https://api.example.com', latency: 'realistic' });
export const worker = setupWorker(...mock.handlers);

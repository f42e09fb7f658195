// What a browser app pulls in from the SDK.
import { createFlightSearchClient, compareProgramsStreaming, validateSearchRequest } from '@flight-search/sdk';

const client = createFlightSearchClient({ apiKey: 'test-key', baseUrl: 'https://api.example.com' });
export { client, compareProgramsStreaming, validateSearchRequest };

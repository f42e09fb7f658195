'use client';

import { type CompareRequest, createFlightSearchClient } from '@flight-search/sdk';
import { compareProgramsQueryOptions } from '@flight-search/sdk/query';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

// Keyless by intent (D114): every request goes to this app's route handler, which adds the key. Made at module
// scope, which also runs while the page is rendered on the server; that copy never sends anything.
const client = createFlightSearchClient({ apiKey: null, baseUrl: '/api/flight-search' });

const PROGRAMS = ['PROGRAM_1', 'PROGRAM_2', 'PROGRAM_3', 'PROGRAM_4'] as const;

/** The request of a click: GRU to JFK, 30 days from today. */
function requestOfToday(): CompareRequest & { responseFormat: 'PARSED' } {
  const departureDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return {
    tripType: 'ONE_WAY',
    cabinType: 'ECONOMY',
    origin: 'GRU',
    destination: 'JFK',
    departureDate,
    passengers: { adults: 1 },
    responseFormat: 'PARSED',
    programs: PROGRAMS,
  };
}

/**
 * Nothing is searched until the button is pressed (so neither the build nor a server render searches). "Hide" unmounts
 * the results, which cancels a comparison still running; "Show" mounts them again from the cache, without searching.
 */
export function Comparison() {
  const [request, setRequest] = useState<ReturnType<typeof requestOfToday>>();
  const [shown, setShown] = useState(true);
  return (
    <section>
      <button type="button" data-testid="compare" onClick={() => setRequest(requestOfToday())}>
        Compare
      </button>
      <button type="button" data-testid="toggle" onClick={() => setShown((s) => !s)}>
        {shown ? 'Hide' : 'Show'}
      </button>
      {request && shown && <Outcomes request={request} />}
    </section>
  );
}

function Outcomes({ request }: { request: ReturnType<typeof requestOfToday> }) {
  // timeoutMs above the providers' latency: a search the client stops waiting for has been charged all the same.
  const {
    data = [],
    fetchStatus,
    error,
  } = useQuery(compareProgramsQueryOptions(client, request, { timeoutMs: 40_000 }));
  return (
    <div data-testid="outcomes" data-state={error ? 'error' : fetchStatus === 'fetching' ? 'running' : 'done'}>
      <p>
        {data.length} of {request.programs?.length} programs
      </p>
      <ol>
        {data.map((o) => (
          <li key={o.program} data-testid="outcome" data-program={o.program} data-kind={o.kind}>
            {o.program}:{' '}
            {o.kind === 'result'
              ? o.item.success
                ? `${o.item.flights.length} flights`
                : `provider failed (${o.item.error.message})`
              : o.kind === 'error'
                ? o.error.message
                : 'skipped'}
          </li>
        ))}
      </ol>
    </div>
  );
}

import { describe, expect, it } from 'vitest';
import { AuthenticationError, NotFoundError } from '../src/index.js';
import { client, envelope, json, quotaAnswer, route } from './helpers.js';

describe('getQuota', () => {
  it('returns the quota of the key', async () => {
    const seen = route('get', '/quota', () => json(quotaAnswer));
    await expect(client().getQuota()).resolves.toEqual(quotaAnswer);
    expect(seen).toHaveLength(1);
  });

  it('AUTH-2: throws NotFoundError for an unknown key, with code and correlationId', async () => {
    route('get', '/quota', () => json(envelope('HTTP_ERROR', 'The API key was not found.'), 404));
    const error = await client()
      .getQuota()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({
      status: 404,
      code: 'HTTP_ERROR',
      correlationId: '7b8c9d0e-1f2a-4b3c-8d5e-6f7a8b9cadb4',
    });
  });

  it('AUTH-1: throws AuthenticationError on a 401', async () => {
    route('get', '/quota', () => json(envelope('HTTP_ERROR', 'The API key is required in the x-api-key header.'), 401));
    await expect(client().getQuota()).rejects.toBeInstanceOf(AuthenticationError);
  });
});

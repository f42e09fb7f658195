import { describe, expect, it } from 'vitest';
import { createFlightSearchMock } from '../src/index.js';
import { redactPath, redactQuery } from '../src/recording/redaction.js';

const SECRET = 'sk-live-5e4d3c2b';

describe('a key in a path is never shown (redactPath, D32)', () => {
  it.each([
    ['/__mock/keys/SECRET', '/__mock/keys/[redacted]'],
    ['/__mock//keys/SECRET', '/__mock//keys/[redacted]'],
    ['/__mock/keys//SECRET', '/__mock/keys/[redacted]'],
    ['/__mock/keys/SECRET/extra', '/__mock/keys/[redacted]'],
    ['/__mock/Keys/SECRET', '/__mock/Keys/[redacted]'],
    ['/__mock/key/SECRET', '/__mock/key/[redacted]'],
    ['/__mock/%6Beys/SECRET', '/__mock/%6Beys/[redacted]'],
    ['/__mock/keys%2FSECRET', '/__mock/[redacted]'],
    ['/v1/api-key/SECRET', '/v1/api-key/[redacted]'],
  ])('%s shows as %s', (path, shown) => {
    expect(redactPath(path.replace('SECRET', SECRET))).toBe(shown);
  });

  it.each(['/flights/search', '/intelligence/flights/history', '/quota', '/__mock/keys', '/__mock/keys/'])(
    '%s, which holds no key, is shown as it is',
    (path) => {
      expect(redactPath(path)).toBe(path);
    },
  );

  it.each([
    ['?key=SECRET', '?key=[redacted]'],
    ['?method=GET&key=SECRET&status=200', '?method=GET&key=[redacted]&status=200'],
    ['?api_key=SECRET&apiKey=SECRET', '?api_key=[redacted]&apiKey=[redacted]'],
    ['?%6Bey=SECRET', '?%6Bey=[redacted]'],
    ['?KEY=SECRET&key=SECRET', '?KEY=[redacted]&key=[redacted]'],
    ['?keySECRET', '?[redacted]'],
    ['?origin=GRU&lookbackDays=7', '?origin=GRU&lookbackDays=7'],
    ['', ''],
  ])('the query %s shows as %s (the rule of redactPath, applied to parameter names)', (search, shown) => {
    expect(redactQuery(search.replaceAll('SECRET', SECRET))).toBe(shown);
  });

  it('a mock with baseUrl neither echoes nor records a key in an unknown path (D11 404)', async () => {
    const mock = createFlightSearchMock({ baseUrl: 'https://api.example.com/v1' });
    const response = await mock.handle(
      new Request(`https://api.example.com/v1/keys/${SECRET}`, { headers: { 'x-api-key': 'test-key' } }),
    );
    expect(response?.status).toBe(404);
    const text = await response!.text();
    expect(text).toContain('/keys/[redacted]');
    expect(text).not.toContain(SECRET);
    expect(mock.requests()[0]!.path).toBe('/keys/[redacted]');
    expect(JSON.stringify(mock.requests())).not.toContain(SECRET);
  });
});

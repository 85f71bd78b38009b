import { describe, expect, it } from 'vitest';
import { createFetchStub } from '../src/testing/index';
import { createClient, defineOperation, pageResult, paginateOperation } from '../src/index';

const list = defineOperation<{ after?: string }, number>({
  name: 'test.list',
  method: 'GET',
  path: '/list',
  token: 'either',
  scopes: [],
  params: { after: { type: 'string', in: 'query' } },
  result: pageResult,
});

describe('a paginator whose platform hands the same cursor back', () => {
  it('stops instead of asking for the same page forever', async () => {
    const stub = createFetchStub(() => ({ status: 200, body: { data: [1], pagination: { cursor: 'same' } } }));
    const client = createClient({ clientId: 'c', token: 't', baseUrl: 'https://api.test/helix', fetch: stub.fetch });
    await expect(paginateOperation(client, list, {}).all()).resolves.toEqual([1, 1]);
    expect(stub.requests.map((request) => request.url.href)).toEqual(['https://api.test/helix/list', 'https://api.test/helix/list?after=same']);
  });
});

import { PlatformApiError } from '@platform/core';
import { describe, expect, it } from 'vitest';
import { broadcasterSubscriptions, charityDonations, customRewardRedemptions, extensionTransactions, polls, predictions, updateRedemptionStatus } from '../src/index';
import { donation, poll, prediction, redemption, subscriber, transaction } from './samples';
import { stubClient } from './stub';

const ids = (count: number, prefix = '') => Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`);

describe('long ID lists: split at the platform maximum, walked and joined in order', () => {
  it('polls: id in requests of 20, each chunk paged to its end before the next', async () => {
    const { client, requests } = stubClient((request) => {
      const asked = request.url.searchParams.getAll('id');
      // The first chunk has a second page; the others fit in one.
      if (asked[0] === 'p1' && !request.url.searchParams.has('after')) return { body: { data: [{ ...poll, id: 'p1' }], pagination: { cursor: 'next' } } };
      return { body: { data: [{ ...poll, id: asked.at(-1) }], pagination: {} } };
    });
    const all = await polls(client, { id: ids(45, 'p') }, { as: '141981764' }).all();
    expect(requests.map((request) => request.url.searchParams.getAll('id').length)).toEqual([20, 20, 20, 5]);
    expect(requests.map((request) => request.url.searchParams.get('after'))).toEqual([null, 'next', null, null]);
    expect(requests.every((request) => request.url.searchParams.get('broadcaster_id') === '141981764')).toBe(true);
    expect(all.map((item) => item.id)).toEqual(['p1', 'p20', 'p40', 'p45']);
  });

  it('predictions: id in requests of 25', async () => {
    const { client, requests } = stubClient((request) => ({ body: { data: request.url.searchParams.getAll('id').map((id) => ({ ...prediction, id })), pagination: {} } }));
    const all = await predictions(client, { id: ids(30) }, { as: '141981764' }).all();
    expect(requests.map((request) => request.url.searchParams.getAll('id'))).toEqual([ids(25), ids(30).slice(25)]);
    expect(all.map((item) => item.id)).toEqual(ids(30));
  });

  it('customRewardRedemptions: id in requests of 50, reward_id and broadcaster_id on every one', async () => {
    const { client, requests } = stubClient((request) => ({ body: { data: request.url.searchParams.getAll('id').map((id) => ({ ...redemption, id })), pagination: {} } }));
    const all = await customRewardRedemptions(client, { reward_id: 'r', id: ids(120) }, { as: '274637212' }).all();
    expect(requests.map((request) => request.url.searchParams.getAll('id').length)).toEqual([50, 50, 20]);
    expect(requests.every((request) => request.url.searchParams.get('reward_id') === 'r' && request.url.searchParams.get('broadcaster_id') === '274637212')).toBe(true);
    expect(all.map((item) => item.id)).toEqual(ids(120));
  });

  it('extensionTransactions: id in requests of 100', async () => {
    const { client, requests } = stubClient((request) => ({ body: { data: request.url.searchParams.getAll('id').map((id) => ({ ...transaction, id })), pagination: {} } }));
    const all = await extensionTransactions(client, { extension_id: 'e', id: ids(150) }, { as: 'app' }).all();
    expect(requests.map((request) => request.url.searchParams.getAll('id').length)).toEqual([100, 50]);
    expect(all.map((item) => item.id)).toEqual(ids(150));
  });

  it('broadcasterSubscriptions: user_id in requests of 100, the subscribers joined in order', async () => {
    const { client, requests } = stubClient((request) => ({
      body: { data: request.url.searchParams.getAll('user_id').map((user_id) => ({ ...subscriber, user_id })), pagination: {}, total: 500, points: 700 },
    }));
    const all = await broadcasterSubscriptions(client, { user_id: ids(230) }, { as: '141981764' }).all();
    expect(requests.map((request) => request.url.searchParams.getAll('user_id').length)).toEqual([100, 100, 30]);
    expect(all.map((item) => item.user_id)).toEqual(ids(230));
  });

  it('updateRedemptionStatus is not split: its largest list, 50, goes in one request (the limits suite has the refusal beyond)', async () => {
    const { client, requests } = stubClient((request) => ({ body: { data: request.url.searchParams.getAll('id').map((id) => ({ ...redemption, id })) } }));
    const changed = await updateRedemptionStatus(client, { reward_id: 'r', id: ids(50), status: 'FULFILLED' }, { as: '274637212' });
    expect(requests).toHaveLength(1);
    expect(changed).toHaveLength(50);
  });
});

describe('paginators', () => {
  it('charityDonations follows the cursor with the call options on every page, and stops at an empty page', async () => {
    const pages = [
      { data: [donation, { ...donation, id: 'd2' }], pagination: { cursor: 'c2' } },
      { data: [{ ...donation, id: 'd3' }], pagination: { cursor: 'c3' } },
      // An empty page ends the list even with a cursor.
      { data: [], pagination: { cursor: 'c4' } },
    ];
    const { client, requests } = stubClient((_, index) => ({ body: pages[index] }));
    const all = await charityDonations(client, { first: 2 }, { as: '123456' }).all();
    expect(all.map((item) => item.id)).toEqual([donation.id, 'd2', 'd3']);
    expect(requests.map((request) => request.url.searchParams.get('after'))).toEqual([null, 'c2', 'c3']);
    expect(requests.every((request) => request.url.searchParams.get('first') === '2' && request.headers.get('authorization') === 'Bearer user-token-123456')).toBe(true);
  });

  it('broadcasterSubscriptions: total() is the platform total, points are on the page', async () => {
    const { client, requests } = stubClient(() => ({ body: { data: [subscriber], pagination: { cursor: 'c2' }, total: 13, points: 15 } }));
    const paginator = broadcasterSubscriptions(client, undefined, { as: '141981764' });
    const page = await paginator;
    expect(page.raw.points).toBe(15);
    expect(await paginator.total()).toBe(13);
    expect(requests).toHaveLength(1);
  });

  it('broadcasterSubscriptions: paging backwards sends each next cursor as before', async () => {
    const { client, requests } = stubClient((_, index) => ({ body: { data: [{ ...subscriber, user_id: String(index) }], pagination: index === 0 ? { cursor: 'older' } : {}, total: 2, points: 2 } }));
    const all = await broadcasterSubscriptions(client, { before: 'start' }, { as: '141981764' }).all();
    expect(requests.map((request) => request.url.searchParams.get('before'))).toEqual(['start', 'older']);
    expect(all.map((item) => item.user_id)).toEqual(['0', '1']);
  });

  it('refuses bad parameters at once, synchronously, and a refused page rejects', async () => {
    const { client, requests } = stubClient(() => ({ status: 404, body: { error: 'Not Found', status: 404, message: 'None of the IDs were found.' } }));
    expect(() => polls(client, { first: 21 })).toThrow('The parameter first of polls.polls must be from 1 to 20; got 21.');
    expect(requests).toHaveLength(0);
    const error = await Promise.resolve(polls(client, { id: 'nope' }, { as: '141981764' })).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as PlatformApiError).status).toBe(404);
  });
});

import { callOperation, defineOperation, envelopeResult, objectParam, type ClientHandle, type RequestOptions } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import { dataObjectOf, needOneOf } from '../checks';
import type { ComponentSlotUpdate, ExtensionSlotUpdate, UserActiveExtensions } from '../types';

/**
 * Parameters of `updateUserExtensions`: the slots to change, by type. Each map's keys are slot
 * numbers from `'1'`; a slot left out keeps its extension.
 */
export interface UpdateUserExtensionsParams {
  /** Panel slots: `{ active: true, id, version }` or `{ active: false }`. */
  panel?: Record<string, ExtensionSlotUpdate>;
  /** Video overlay slots: `{ active: true, id, version }` or `{ active: false }`. */
  overlay?: Record<string, ExtensionSlotUpdate>;
  /** Video component slots: `{ active: true, id, version, x, y }` or `{ active: false }`. */
  component?: Record<string, ComponentSlotUpdate>;
}

/**
 * Declaration of `users.updateUserExtensions`: PUT /users/extensions, user token,
 * user:edit:broadcast; the slots travel as `{ data: { panel, overlay, component } }`.
 */
export const updateUserExtensionsOperation = /* @__PURE__ */ defineOperation<
  UpdateUserExtensionsParams,
  {
    /** The extensions active in each slot (one object, not a list). */
    data: UserActiveExtensions;
  }
>({
  name: 'users.updateUserExtensions',
  method: 'PUT',
  path: '/users/extensions',
  token: 'user',
  scopes: ['user:edit:broadcast'],
  params: {
    panel: { type: objectParam, in: 'body' },
    overlay: { type: objectParam, in: 'body' },
    component: { type: objectParam, in: 'body' },
  },
  bodyWrap: 'data',
  result: envelopeResult,
});

const slotTypes = ['panel', 'overlay', 'component'] as const;

/**
 * Activates, moves or deactivates extensions in the slots of the channel of the user whose token
 * is used, and resolves with the extensions now active in every slot. An extension activated
 * under several slot types at once ends up in one of them, in no promised order.
 *
 * Token: user only; user:edit:broadcast.
 * Limits: at least one of `panel`, `overlay`, `component`.
 *
 * @platformName Update User Extensions
 * @throws PlatformError when none of `panel`, `overlay`, `component` is given, or one is not an object (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (404 when no extension has that `id` and `version`).
 * @example
 * await updateUserExtensions(client, { panel: { '1': { active: true, id: 'rh6jq1q334hqc2rr1qlzqbvwlfl3x0', version: '1.1.0' }, '2': { active: false } } });
 */
export async function updateUserExtensions(client: ClientHandle, params: UpdateUserExtensionsParams, options?: RequestOptions): Promise<UserActiveExtensions> {
  params = ownParams(params); // its rules read what is sent
  needOneOf(updateUserExtensionsOperation.name, params, slotTypes);
  return dataObjectOf(await callOperation(client, updateUserExtensionsOperation, params, options), updateUserExtensionsOperation);
}
